import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useSignOut } from '../../auth/AuthContext';
import { countUnfinished } from '../../upload/uploadCounts.ts';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import { useUploadQueue, useUploadsValue } from '../../components/uploadQueueContext.tsx';

const filesText = (count: number) => (count === 1 ? '1 file' : `${count} files`);

/** The dialog's steps: asked what to do, confirming a discard, or waiting to sign out by itself. */
type Step =
  | { kind: 'closed' }
  | { kind: 'ask'; count: number }
  | { kind: 'discard'; count: number }
  /** `ids`: the files that were not attached when the technician chose to wait. */
  | { kind: 'waiting'; ids: ReadonlySet<string> };

const countFailedOf = (entries: readonly UploadEntry[], ids: ReadonlySet<string>) =>
  entries.filter((entry) => ids.has(entry.id) && entry.state === 'failed').length;

/**
 * Sign-out that never drops files silently: with files waiting or moving it asks first (wait, keep
 * them for me, discard), and discarding takes a second confirmation. Waiting signs out by itself once
 * every file is attached, unless one could not be, which is shown instead. Kept files stay on this
 * device bound to this person and go when they sign in again; nobody else's sign-in sends them.
 */
export function useSignOutChoices(page: string): { requestSignOut: () => void; signOutDialog: ReactNode } {
  const queue = useUploadQueue();
  const signOutWith = useSignOut();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const unfinished = useUploadsValue(countUnfinished);

  const signOut = (discardFiles: boolean) => signOutWith({ discardFiles, returnTo: page });
  const close = () => setStep({ kind: 'closed' });

  const requestSignOut = () => {
    const count = countUnfinished(queue.getSnapshot());
    if (count === 0) void signOut(false);
    else setStep({ kind: 'ask', count });
  };

  const startWaiting = () => {
    const ids = new Set(
      queue
        .getSnapshot()
        .filter((entry) => !isFinished(entry.state))
        .map((e) => e.id),
    );
    setStep({ kind: 'waiting', ids });
  };

  const waitedFor = step.kind === 'waiting' ? step.ids : null;
  const failedWhileWaiting = useUploadsValue((entries) =>
    waitedFor ? countFailedOf(entries, waitedFor) : 0,
  );
  const waitIsOver = step.kind === 'waiting' && unfinished === 0;
  // The wait ends by itself: signed out when all went, stopped to show the files that did not.
  const view = waitIsOver && failedWhileWaiting > 0 ? 'not-attached' : step.kind;

  useEffect(() => {
    if (waitIsOver && failedWhileWaiting === 0) void signOutWith({ discardFiles: false, returnTo: page });
  }, [waitIsOver, failedWhileWaiting, signOutWith, page]);

  const titles: Record<Exclude<typeof view, 'closed'>, string> = {
    ask: `${filesText(step.kind === 'ask' ? step.count : 0)} not attached yet`,
    discard: `Discard ${filesText(step.kind === 'discard' ? step.count : 0)}?`,
    waiting: 'Signing out when the files are attached',
    'not-attached': `${filesText(failedWhileWaiting)} could not be attached`,
  };

  const signOutDialog = (
    <Modal
      opened={step.kind !== 'closed'}
      onClose={close}
      centered
      title={view === 'closed' ? '' : titles[view]}
    >
      {step.kind === 'ask' && (
        <Stack>
          <Text>
            {step.count === 1 ? 'A file is' : `${step.count} files are`} still waiting or being sent. Kept
            files stay on this device for you and are sent when you sign in here again; nobody else can send
            them.
          </Text>
          <Stack gap="xs">
            <Button onClick={startWaiting}>Wait for them, then sign out</Button>
            <Button variant="default" onClick={() => void signOut(false)}>
              Keep them for me and sign out
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setStep({ kind: 'discard', count: step.count })}
            >
              Discard them…
            </Button>
          </Stack>
        </Stack>
      )}
      {step.kind === 'discard' && (
        <Stack>
          <Text>{step.count === 1 ? 'It will' : 'They will'} not be attached, and cannot be got back.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ kind: 'ask', count: step.count })}>
              Back
            </Button>
            <Button color="red" onClick={() => void signOut(true)}>
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
            <Button variant="default" onClick={close}>
              Stay signed in
            </Button>
            <Button variant="default" onClick={() => void signOut(false)}>
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
            <Button variant="default" color="red" onClick={() => void signOut(false)}>
              Sign out anyway
            </Button>
            <Button onClick={close}>Stay signed in</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
  return { requestSignOut, signOutDialog };
}
