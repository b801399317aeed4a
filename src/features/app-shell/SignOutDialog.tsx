import { Alert, Button, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthSession, useSignOut } from '../../auth/AuthContext.tsx';
import { countUnfinished } from '../../upload/uploadCounts.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { useUploadQueue, useUploadsValue } from '../../upload/uploadQueueContext.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Busy } from '../../components/Busy.tsx';
import {
  keepEveryRecording,
  pendingShotsTaking,
  recordingsNow,
  usePendingShotCount,
  useRecordingsNow,
} from '../upload/index.ts';

/** The question's answers, one under another: a longer language wraps a label rather than cutting it off. */
const ANSWER: ButtonProps = {
  mih: 44,
  h: 'auto',
  py: 8,
  styles: {
    label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' },
    inner: { overflow: 'visible' },
  },
};

const countFailed = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => entry.state === 'failed').length;

/** The dialog's steps: asked what to do, confirming a discard, signing out once the files are sent, … */
type Step =
  /** `unfinished`: waiting or being sent; `failed`: could not be attached (their bytes are kept too). */
  /** `recording`: clips or voice notes still recording, counted in `unfinished` (they stop at the answer). */
  | { kind: 'ask'; unfinished: number; failed: number; recording: number }
  | { kind: 'discard'; unfinished: number; failed: number; recording: number }
  /** Signing out: the other tabs are signed out already; this one sends the files first. */
  | { kind: 'waiting' }
  | { kind: 'signing-out' }
  | { kind: 'failed'; discardFiles: boolean };

/**
 * What is still pending when sign-out is chosen (waiting or being sent, and not attached), and what
 * becomes of kept files.
 */
function PendingText({ unfinished, failed }: { unfinished: number; failed: number }) {
  if (failed === 0) {
    return (
      <FormattedMessage
        defaultMessage="{unfinished, plural, one {A file is still waiting or being sent.} other {# files are still waiting or being sent.}} Kept files stay on this device for you alone and are there when you sign in here again; nobody else can send them."
        id="HGJSXj"
        values={{ unfinished }}
      />
    );
  }
  if (unfinished === 0) {
    return (
      <FormattedMessage
        defaultMessage="{failed, plural, one {# file could not be attached.} other {# files could not be attached.}} Kept files stay on this device for you alone and are there when you sign in here again; nobody else can send them."
        id="LTpuNn"
        values={{ failed }}
      />
    );
  }
  return (
    <FormattedMessage
      defaultMessage="{unfinished, plural, one {A file is still waiting or being sent, and {failed} could not be attached.} other {# files are still waiting or being sent, and {failed} could not be attached.}} Kept files stay on this device for you alone and are there when you sign in here again; nobody else can send them."
      id="Sbuedt"
      values={{ unfinished, failed }}
    />
  );
}

/** One step of the dialog: where things stand, in a sentence, then the buttons that answer it. */
function StepBody({
  sentence,
  announce = false,
  children,
}: {
  sentence: ReactNode;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack>
      <Text role={announce ? 'status' : undefined}>{sentence}</Text>
      {children}
    </Stack>
  );
}

/**
 * Sign-out that never drops files silently: with files waiting, moving or not attached it asks first
 * (wait, keep them for me, discard, stay signed in), and discarding takes a second confirmation.
 * Waiting is signing out already: every other tab is signed out at once, and this one covers the
 * screen ("Signing out: sending N files first"), goes nowhere else, and signs out by itself once no
 * file is still moving (one that could not be attached stays kept for its owner, as the question
 * said). Kept files stay on this device bound to this person; nobody else's sign-in sends them.
 * Signing out ends the session on this tablet at once, offline too (see app/signOut.ts); when the
 * identity provider cannot be reached, the app's sign-in page says so.
 *
 * Mounted when the technician chooses "Sign out"; `onClose` when they stay signed in.
 */
export function SignOutDialog({ page, onClose }: { page: string; onClose: () => void }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const signOutWith = useSignOut();
  const session = useAuthSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(() => {
    const entries = queue.entriesNow();
    const recording = recordingsNow();
    const unfinished = countUnfinished(entries) + pendingShotsTaking() + recording;
    const failed = countFailed(entries);
    return unfinished + failed === 0
      ? { kind: 'signing-out' }
      : { kind: 'ask', unfinished, failed, recording };
  });
  // A photo being taken (the camera's, not in the queue yet) is unfinished too, and so is a clip or a
  // voice note still recording: signing out stops it and it goes with the files.
  const unfinished = useUploadsValue(countUnfinished) + usePendingShotCount() + useRecordingsNow();
  const started = useRef(false);

  const signOut = useCallback(
    (discardFiles: boolean) => {
      // One sign-out at a time (a double tap, or the wait ending as a button is pressed).
      if (started.current) return;
      started.current = true;
      setStep({ kind: 'signing-out' });
      signOutWith({ discardFiles, returnTo: page }).then(
        (outcome) => {
          // Otherwise this page is leaving for the identity provider.
          if (outcome === 'provider-not-reached') {
            void navigate({ to: '/sign-in', search: { redirect: '/', signedOut: true }, replace: true });
          }
        },
        () => {
          started.current = false;
          setStep({ kind: 'failed', discardFiles });
        },
      );
    },
    [signOutWith, page, navigate],
  );

  // Nothing to ask about: signing out starts as the dialog opens.
  useEffect(() => {
    if (step.kind === 'signing-out' && !started.current) signOut(false);
  }, [step.kind, signOut]);

  const waiting = step.kind === 'waiting';
  // While it signs out, the tablet shows nothing else: no page of this person's opens meanwhile.
  useBlocker({ shouldBlockFn: () => true, disabled: !waiting, enableBeforeUnload: false });

  // The wait ends by itself: signed out once nothing is still moving.
  useEffect(() => {
    if (waiting && unfinished === 0) signOut(false);
  }, [waiting, unfinished, signOut]);

  const startWaiting = () => {
    // What is still recording stops now and joins the files being sent.
    void keepEveryRecording();
    session.beginSignOut();
    setStep({ kind: 'waiting' });
  };

  const pending = step.kind === 'ask' || step.kind === 'discard' ? step.unfinished + step.failed : 0;
  const titles: Record<Step['kind'], string> = {
    ask: intl.formatMessage(
      {
        defaultMessage: '{count, plural, one {# file not attached yet} other {# files not attached yet}}',
        id: 'm3GS4J',
        description: 'Title of the sign-out question when files are pending',
      },
      { count: pending },
    ),
    discard: intl.formatMessage(
      { defaultMessage: '{count, plural, one {Discard # file?} other {Discard # files?}}', id: 'Q429vG' },
      { count: pending },
    ),
    waiting: intl.formatMessage({
      defaultMessage: 'Signing out',
      id: 'TOgxBJ',
      description: 'Dialog title',
    }),
    'signing-out': intl.formatMessage({
      defaultMessage: 'Signing out',
      id: 'TOgxBJ',
      description: 'Dialog title',
    }),
    failed: intl.formatMessage({
      defaultMessage: 'Not signed out',
      id: 'rcYtum',
      description: 'Dialog title',
    }),
  };
  const stayWords = <FormattedMessage defaultMessage="Stay signed in" id="lLufT5" />;
  const stay = (
    <Button {...ANSWER} variant="default" onClick={onClose}>
      {stayWords}
    </Button>
  );

  const leaving = waiting || step.kind === 'signing-out';
  return (
    <Modal
      opened
      onClose={leaving ? () => undefined : onClose}
      withCloseButton={!leaving}
      closeOnEscape={!leaving}
      closeOnClickOutside={!leaving}
      fullScreen={leaving}
      centered
      title={titles[step.kind]}
    >
      {step.kind === 'ask' && (
        <StepBody
          sentence={
            <>
              <PendingText unfinished={step.unfinished} failed={step.failed} />
              {step.recording > 0 && (
                <>
                  {' '}
                  <FormattedMessage
                    defaultMessage="{count, plural, one {One of them is still recording: it stops when you choose below, and goes with the other files.} other {# of them are still recording: they stop when you choose below, and go with the other files.}}"
                    id="vpGyv0"
                    values={{ count: step.recording }}
                  />
                </>
              )}
            </>
          }
        >
          <Stack gap="xs">
            {step.unfinished > 0 && (
              <Button {...ANSWER} onClick={startWaiting}>
                <FormattedMessage defaultMessage="Wait for them, then sign out" id="xJK2bn" />
              </Button>
            )}
            <Button
              {...ANSWER}
              variant={step.unfinished > 0 ? 'default' : 'filled'}
              onClick={() => signOut(false)}
            >
              <FormattedMessage defaultMessage="Keep them for me and sign out" id="BnCO1a" />
            </Button>
            <Button
              {...ANSWER}
              variant="subtle"
              color="red"
              onClick={() => setStep({ ...step, kind: 'discard' })}
            >
              <FormattedMessage defaultMessage="Discard them…" id="B1aHCX" />
            </Button>
            {stay}
          </Stack>
        </StepBody>
      )}
      {step.kind === 'discard' && (
        <StepBody
          sentence={
            <FormattedMessage
              defaultMessage="{count, plural, one {It will not be attached, and cannot be got back.} other {They will not be attached, and cannot be got back.}}"
              id="sgTbqO"
              values={{ count: pending }}
            />
          }
        >
          <DialogActions
            onCancel={() => setStep({ ...step, kind: 'ask' })}
            cancel={
              <FormattedMessage
                defaultMessage="Back"
                id="R8Zr0f"
                description="Button: back to the previous question"
              />
            }
          >
            <Button color="red" onClick={() => signOut(true)}>
              <FormattedMessage defaultMessage="Discard and sign out" id="bXTiln" />
            </Button>
          </DialogActions>
        </StepBody>
      )}
      {waiting && (
        <StepBody
          announce
          sentence={
            <FormattedMessage
              defaultMessage="{count, plural, one {Signing out: sending # file first. This tablet signs out by itself once it is sent.} other {Signing out: sending # files first. This tablet signs out by itself once they are sent.}}"
              id="TKpHJ5"
              values={{ count: unfinished }}
            />
          }
        >
          <Button variant="default" onClick={() => signOut(false)} w="fit-content">
            <FormattedMessage defaultMessage="Keep them for me and sign out now" id="7UstYl" />
          </Button>
        </StepBody>
      )}
      {step.kind === 'signing-out' && (
        <Busy announce>
          <FormattedMessage defaultMessage="Signing out…" id="QfaEcB" />
        </Busy>
      )}
      {step.kind === 'failed' && (
        <Stack>
          <Alert color="red" role="alert">
            <FormattedMessage
              defaultMessage="Signing out did not finish on this tablet. Try again."
              id="GJNDej"
            />
          </Alert>
          <DialogActions onCancel={onClose} cancel={stayWords}>
            <Button onClick={() => signOut(step.discardFiles)}>
              <FormattedMessage defaultMessage="Try again" id="FazwRl" />
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Modal>
  );
}
