import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSignOut } from '../../auth/AuthContext';
import { countUnfinished } from '../../upload/uploadCounts.ts';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import { useUploadQueue, useUploadsValue } from '../../components/uploadQueueContext.tsx';

const filesText = (count: number) => (count === 1 ? '1 file' : `${count} files`);

const countFailed = (entries: readonly UploadEntry[]) =>
  entries.filter((entry) => entry.state === 'failed').length;

/** The dialog's steps: asked what to do, confirming a discard, waiting to sign out by itself, … */
type Step =
  /** `unfinished`: waiting or being sent; `failed`: could not be attached (their bytes are kept too). */
  | { kind: 'ask'; unfinished: number; failed: number }
  | { kind: 'discard'; unfinished: number; failed: number }
  /** `ids`: the files that were not attached when the technician chose to wait. */
  | { kind: 'waiting'; ids: ReadonlySet<string> }
  | { kind: 'signing-out' }
  | { kind: 'failed'; discardFiles: boolean };

const SIGN_OUT_FAILED = 'Signing out did not finish on this tablet. Try again.';

function pendingText(unfinished: number, failed: number): string {
  const waiting = unfinished === 1 ? 'A file is' : `${unfinished} files are`;
  const notAttached = failed === 1 ? '1 file' : `${failed} files`;
  if (failed === 0) return `${waiting} still waiting or being sent.`;
  if (unfinished === 0) return `${notAttached} could not be attached.`;
  return `${waiting} still waiting or being sent, and ${failed} could not be attached.`;
}

/**
 * Sign-out that never drops files silently: with files waiting, moving or not attached it asks first
 * (wait, keep them for me, discard, stay signed in), and discarding takes a second confirmation.
 * Waiting signs out by itself once every file is attached, unless one could not be, which is shown
 * instead. Kept files stay on this device bound to this person; nobody else's sign-in sends them.
 * Signing out ends the session on this tablet at once, offline too (see app/signOut.ts); when the
 * identity provider cannot be reached, the app's sign-in page says so.
 *
 * Mounted when the technician chooses "Sign out"; `onClose` when they stay signed in.
 */
export function SignOutDialog({ page, onClose }: { page: string; onClose: () => void }) {
  const queue = useUploadQueue();
  const signOutWith = useSignOut();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(() => {
    const entries = queue.getSnapshot();
    const unfinished = countUnfinished(entries);
    const failed = countFailed(entries);
    return unfinished + failed === 0 ? { kind: 'signing-out' } : { kind: 'ask', unfinished, failed };
  });
  const unfinished = useUploadsValue(countUnfinished);
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

  const waitedFor = step.kind === 'waiting' ? step.ids : null;
  const failedWhileWaiting = useUploadsValue((entries) =>
    waitedFor ? entries.filter((entry) => waitedFor.has(entry.id) && entry.state === 'failed').length : 0,
  );
  const waitIsOver = step.kind === 'waiting' && unfinished === 0;
  // The wait ends by itself: signed out when all went, stopped to show the files that did not.
  const view = waitIsOver && failedWhileWaiting > 0 ? 'not-attached' : step.kind;

  useEffect(() => {
    if (waitIsOver && failedWhileWaiting === 0) signOut(false);
  }, [waitIsOver, failedWhileWaiting, signOut]);

  const startWaiting = () => {
    const ids = new Set(
      queue
        .getSnapshot()
        .filter((entry) => !isFinished(entry.state))
        .map((e) => e.id),
    );
    setStep({ kind: 'waiting', ids });
  };

  const pending = step.kind === 'ask' || step.kind === 'discard' ? step.unfinished + step.failed : 0;
  const titles: Record<typeof view, string> = {
    ask: `${filesText(pending)} not attached yet`,
    discard: `Discard ${filesText(pending)}?`,
    waiting: 'Signing out when the files are attached',
    'not-attached': `${filesText(failedWhileWaiting)} could not be attached`,
    'signing-out': 'Signing out',
    failed: 'Not signed out',
  };
  const stay = (
    <Button variant="default" onClick={onClose}>
      Stay signed in
    </Button>
  );

  return (
    <Modal
      opened
      onClose={step.kind === 'signing-out' ? () => undefined : onClose}
      withCloseButton={step.kind !== 'signing-out'}
      centered
      title={titles[view]}
    >
      {step.kind === 'ask' && (
        <Stack>
          <Text>
            {pendingText(step.unfinished, step.failed)} Kept files stay on this device for you alone and are
            there when you sign in here again; nobody else can send them.
          </Text>
          <Stack gap="xs">
            {step.unfinished > 0 && <Button onClick={startWaiting}>Wait for them, then sign out</Button>}
            <Button variant={step.unfinished > 0 ? 'default' : 'filled'} onClick={() => signOut(false)}>
              Keep them for me and sign out
            </Button>
            <Button variant="subtle" color="red" onClick={() => setStep({ ...step, kind: 'discard' })}>
              Discard them…
            </Button>
            {stay}
          </Stack>
        </Stack>
      )}
      {step.kind === 'discard' && (
        <Stack>
          <Text>{pending === 1 ? 'It will' : 'They will'} not be attached, and cannot be got back.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ ...step, kind: 'ask' })}>
              Back
            </Button>
            <Button color="red" onClick={() => signOut(true)}>
              Discard and sign out
            </Button>
          </Group>
        </Stack>
      )}
      {view === 'waiting' && (
        <Stack>
          <Text role="status">
            {filesText(unfinished)} still to attach. You will be signed out as soon as{' '}
            {unfinished === 1 ? 'it is' : 'they are'} attached.
          </Text>
          <Stack gap="xs">
            {stay}
            <Button variant="default" onClick={() => signOut(false)}>
              Keep them for me and sign out now
            </Button>
          </Stack>
        </Stack>
      )}
      {view === 'not-attached' && (
        <Stack>
          <Text>
            Open Uploads to see why and try again there. If you sign out now,{' '}
            {failedWhileWaiting === 1 ? 'it' : 'they'} will not be sent.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={() => signOut(false)}>
              Sign out anyway
            </Button>
            <Button onClick={onClose}>Stay signed in</Button>
          </Group>
        </Stack>
      )}
      {step.kind === 'signing-out' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Signing out…</Text>
        </Group>
      )}
      {step.kind === 'failed' && (
        <Stack>
          <Alert color="red" role="alert">
            {SIGN_OUT_FAILED}
          </Alert>
          <Group justify="flex-end">
            {stay}
            <Button onClick={() => signOut(step.discardFiles)}>Try again</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
