import { useCallback, useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPlayerRecord } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthSession, useAuthState } from '../../../auth/AuthContext.tsx';
import { useUploadQueue } from '../../../upload/uploadQueueContext.tsx';
import { ActionNotice } from '../../../components/ActionNotice.tsx';
import { displayFilename } from '../../../components/displayFilename.ts';
import { isStoredUpload } from '../../../upload/idbUploadStore.ts';
import { appRecordingStore } from './appRecordingStore.ts';
import { browserHeldLocks, interruptedRecordings } from './interruptedRecordings.ts';
import type { StoredRecording } from './recordingStore.ts';
import { clockTime } from '../../../lib/clockTime.ts';
import { handOver } from './handOver.ts';
import { withDuration } from './withDuration.ts';

/**
 * "clip-….webm was cut short: 0:12 kept": a recording a reload, a crash or a dead battery interrupted
 * (or one stopped just before the page went, not yet in the upload queue: said as such) is offered back to the person who made it (and to nobody else): attach what was recorded to the
 * record it was for, or discard it. It is never dropped unasked.
 */
export function InterruptedRecordingsNotice() {
  const intl = useIntl();
  const queue = useUploadQueue();
  const session = useAuthSession();
  const { status } = useAuthState();
  const [offered, setOffered] = useState<StoredRecording[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  // Looked for again when the person changes (signed in, someone else): only theirs are offered.
  const [looked, setLooked] = useState(0);
  const look = useCallback(() => setLooked((n) => n + 1), []);
  useEffect(() => {
    const person = session.getPerson();
    let stale = false;
    const found = person
      ? interruptedRecordings(person, {
          store: appRecordingStore(),
          heldLocks: browserHeldLocks,
          queueHas: async (id) => queue.getEntrySnapshot(id) !== undefined || (await isStoredUpload(id)),
        })
      : Promise.resolve([]);
    // Unreadable storage: nothing can be offered, and nothing is removed either.
    found.then(
      (recordings) => !stale && setOffered(recordings),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [session, queue, status, looked]);

  if (offered.length === 0) return null;
  const store = appRecordingStore();

  const attach = async (recording: StoredRecording) => {
    setOffered((now) => now.filter((other) => other.id !== recording.id));
    const blob = await withDuration(new Blob(await store.slices(recording.id), { type: recording.type }));
    const file = new File([blob], recording.filename, { type: recording.type });
    const { added, refused } = queue.add([file], recording.target);
    const [entry] = added;
    if (entry) await handOver(store, queue, recording.id, entry.id);
    else {
      setProblem(refused[0]?.reason ?? null);
      void look();
    }
  };
  const discard = async (recording: StoredRecording) => {
    setOffered((now) => now.filter((other) => other.id !== recording.id));
    await store.remove(recording.id).catch(() => void look());
  };

  return (
    <>
      {offered.map((recording) => {
        const name = displayFilename(recording.filename).text;
        return (
          <ActionNotice
            key={recording.id}
            color="orange"
            icon={<IconPlayerRecord size={20} aria-hidden />}
            mb="md"
            role="status"
            stacked
            action={
              <Group gap="sm">
                <Button onClick={() => void attach(recording)}>
                  <FormattedMessage
                    defaultMessage="Attach it to {record}"
                    id="CLwGpL"
                    description="Button: attach an interrupted recording to the record it was made for"
                    values={{ record: recording.target.label }}
                  />
                </Button>
                <Button variant="default" onClick={() => void discard(recording)}>
                  <FormattedMessage
                    defaultMessage="Discard {name}"
                    id="gqaCDQ"
                    description="Button: delete an interrupted recording from this device"
                    values={{ name }}
                  />
                </Button>
              </Group>
            }
          >
            {recording.stoppedAt === undefined
              ? intl.formatMessage(
                  {
                    defaultMessage:
                      '{kind, select, clip {The clip {name} was cut short} other {The voice note {name} was cut short}} (the app closed while recording). {seconds} of it was kept on this device.',
                    id: 'y3OzfM',
                    description: 'seconds: a length, e.g. "0:12"',
                  },
                  { kind: recording.kind, name, seconds: clockTime(recording.seconds) },
                )
              : intl.formatMessage(
                  {
                    defaultMessage:
                      '{kind, select, clip {The clip {name} was stopped} other {The voice note {name} was stopped}}, but the app closed before it was added to the files to send. All of it ({seconds}) is kept on this device.',
                    id: 'YyG8Gz',
                    description:
                      'A recording the technician stopped, then the page closed before it went into the upload list. seconds: a length, e.g. "0:12"',
                  },
                  { kind: recording.kind, name, seconds: clockTime(recording.seconds) },
                )}
          </ActionNotice>
        );
      })}
      {problem && (
        <ActionNotice color="red" role="alert" mb="md">
          {problem}
        </ActionNotice>
      )}
    </>
  );
}
