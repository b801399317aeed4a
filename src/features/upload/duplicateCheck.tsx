import { createContext, memo, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ApolloClient } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { DuplicateGuard, type DuplicateMatch, type ListedAttachment } from '../../upload/duplicateGuard.ts';
import { memoryAttachedHere, storedAttachedHere } from '../../upload/attachedHere.ts';
import type { UploadTarget } from '../../upload/types.ts';
import { useAuthSession } from '../../auth/AuthContext.tsx';
import { graphql } from '../../graphql/generated/index.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { displayFilename } from '../../components/displayFilename.ts';
import { appIntl } from '../../i18n/index.ts';

const DuplicateGuardContext = createContext<DuplicateGuard | null>(null);

/** What the guard compares of a record's list from the server (read from the cache, as last listed). */
const ListedNamesFields = graphql(`
  fragment ListedNames on Entity {
    id
    fileAttachments {
      id
      filename
      _created
    }
  }
`);

/** The record's attachments as the server last listed them, or null when this page has not read them. */
function listedAttachments(
  client: ApolloClient | undefined,
  entityId: number | null,
): ListedAttachment[] | null {
  if (!client || entityId === null) return null;
  const data = client.cache.readFragment({
    fragment: ListedNamesFields,
    id: client.cache.identify({ __typename: 'Entity', id: entityId }),
  });
  const list = data?.fileAttachments;
  if (!list) return null;
  return list.flatMap((item) =>
    item?.filename
      ? [
          {
            id: item.id,
            filename: item.filename,
            createdAt: item._created ? Date.parse(item._created) || null : null,
          },
        ]
      : [],
  );
}

/**
 * One guard per signed-in session, fed with what the queue attaches: "attached from this device" is
 * this person's work, kept across page loads (sign-out clears it), and the next person starts afresh.
 */
export function DuplicateGuardProvider({ children }: { children: ReactNode }) {
  const queue = useUploadQueue();
  const session = useAuthSession();
  const [guard] = useState(() => {
    let store = memoryAttachedHere();
    try {
      store = storedAttachedHere(window.localStorage);
    } catch {
      // No storage: remembered for this page only.
    }
    return new DuplicateGuard(undefined, store, () => session.getPerson());
  });
  useEffect(
    () =>
      queue.onEvents((events) =>
        guard.remember(
          events.flatMap((event) => (event.type === 'attached' ? [event.entry] : [])),
          Date.now(),
        ),
      ),
    [queue, guard],
  );
  return <DuplicateGuardContext.Provider value={guard}>{children}</DuplicateGuardContext.Provider>;
}

interface Pending {
  duplicates: { file: File; match: DuplicateMatch }[];
  proceed(files: File[]): void;
}

/** "Already attached to Run 1 · SN 0041 · Step 2 at 10:41", or "already on its way" while queued. */
export function duplicateText(match: DuplicateMatch, intl: IntlShape = appIntl()): string {
  if (match.failed) {
    return intl.formatMessage(
      {
        defaultMessage:
          'Already in the upload list for {record}, not attached: it failed, and can be retried there',
        id: 'peycI4',
      },
      { record: match.label },
    );
  }
  if (match.attachedAt === null && match.sameNameOnly) {
    return intl.formatMessage(
      { defaultMessage: '{record} already has a file with this name', id: 'TrMxGh' },
      { record: match.label },
    );
  }
  if (match.attachedAt === null) {
    return intl.formatMessage(
      { defaultMessage: 'Already waiting to be attached to {record}', id: '0M9vNC' },
      { record: match.label },
    );
  }
  if (match.sameNameOnly) {
    const when = intl.formatDate(match.attachedAt, { dateStyle: 'medium', timeStyle: 'short' });
    return intl.formatMessage(
      {
        defaultMessage: '{record} already has a file with this name, attached {when}',
        id: '+j690o',
        description: '{when} is a date and time, e.g. "29 Nov 2026, 10:41"',
      },
      { record: match.label, when },
    );
  }
  const time = intl.formatTime(match.attachedAt, { hour: '2-digit', minute: '2-digit' });
  return intl.formatMessage(
    { defaultMessage: 'Already attached to {record} at {time}', id: 'FGKjnu' },
    { record: match.label, time },
  );
}

/**
 * Asks before the same content is attached twice: files already queued, attached from this device to
 * the same record (also in an earlier page load), or named as a file the record's list already holds
 * wait for "Attach again" or "Skip" (the default); the rest go on at once.
 */
export function useDuplicateCheck(target: UploadTarget | null): {
  check(files: readonly File[], proceed: (files: File[]) => void): void;
  prompt: ReactNode;
} {
  const guard = useContext(DuplicateGuardContext);
  const queue = useUploadQueue();
  // The record's list is compared when a client is there to read it from (always, in the app); a
  // drop zone rendered on its own still asks about what this tablet queued and attached.
  const { client } = useContext(getApolloContext());
  const [pending, setPending] = useState<Pending | null>(null);

  // Stable while the target is: the drop zone's controls, handed it, are not drawn again at each drop.
  const check = useCallback(
    (files: readonly File[], proceed: (files: File[]) => void) => {
      if (!guard || !target || files.length === 0) {
        proceed([...files]);
        return;
      }
      const queued = queue.entriesNow();
      const listed = listedAttachments(client, target.entityId);
      // Nothing to compare (the usual drop): queued at once, before the page renders anything for it.
      if (files.every((file) => guard.surelyNew(file, target, queued, listed))) {
        proceed([...files]);
        return;
      }
      void Promise.all(files.map((file) => guard.find(file, target, queued, listed))).then(
        (matches) => {
          const duplicates = files.flatMap((file, i) => (matches[i] ? [{ file, match: matches[i] }] : []));
          proceed(files.filter((_, i) => !matches[i]));
          if (duplicates.length > 0) setPending({ duplicates, proceed });
        },
        // A file that cannot be read for comparison is not held back: the upload says what is wrong.
        () => proceed([...files]),
      );
    },
    [guard, target, queue, client],
  );

  const close = useCallback(
    (attachAgain: boolean) => {
      if (pending && attachAgain) pending.proceed(pending.duplicates.map(({ file }) => file));
      setPending(null);
    },
    [pending],
  );

  return { check, prompt: <DuplicatePrompt pending={pending} onClose={close} /> };
}

/**
 * The question about files already attached or queued. Memoised: its zone renders at each drop and
 * each change of its uploads, and a closed modal's own render is not free on a tablet's CPU.
 */
const DuplicatePrompt = memo(function DuplicatePrompt({
  pending,
  onClose: close,
}: {
  pending: Pending | null;
  onClose(attachAgain: boolean): void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={pending !== null}
      onClose={() => close(false)}
      title={intl.formatMessage(
        {
          defaultMessage: '{count, plural, one {Attach this file again?} other {Attach these files again?}}',
          id: 'HEZ+7+',
        },
        { count: pending?.duplicates.length ?? 1 },
      )}
      closeButtonProps={{
        'aria-label': intl.formatMessage({ defaultMessage: 'Close and skip', id: 'Pw8Xm3' }),
      }}
    >
      {pending && (
        <Stack>
          <List spacing="xs">
            {pending.duplicates.map(({ file, match }, index) => (
              <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage
                  defaultMessage="{filename}: {match}."
                  id="/ggesV"
                  description="A file already attached, and where"
                  values={{
                    filename: (
                      <Text span fw={600}>
                        {displayFilename(file.name).text}
                      </Text>
                    ),
                    match: duplicateText(match, intl),
                  }}
                />
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(true)}>
              <FormattedMessage
                defaultMessage="Attach again"
                id="Dx0Qan"
                description="Button: attach a file already attached"
              />
            </Button>
            <Button onClick={() => close(false)} data-autofocus>
              <FormattedMessage
                defaultMessage="Skip"
                id="u8Vv2G"
                description="Button: do not attach a file again"
              />
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
});
