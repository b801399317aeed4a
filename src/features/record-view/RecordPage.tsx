import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { AttachmentsPanel, type RecordAttachmentsFields } from '../attachments/index.ts';
import { RecordDropZone, RecordUploadsHere } from '../upload/index.ts';
import { RecordFields, type RecordField } from './RecordFields.tsx';
import { RecordLinks, type RelatedGroup } from './RecordLinks.tsx';
import { RecordHeader } from './RecordHeader.tsx';
import type { RecordContext } from './recordContext.ts';
import { recordVariables } from './prefetchRecord.ts';
import {
  parseRouteId,
  recordKindInfo,
  recordPath,
  type RecordKind,
  recordName,
  titledName,
} from '../../records/recordKinds.ts';
import { OpenedAsNotice, useCameraAfterScan } from '../open-by-id/index.ts';
import { RecordLabelButton } from '../label/index.ts';
import type { FragmentType } from '../../graphql/generated/index.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';
import { useReachability } from '../../pwa/useOnline.ts';
import type { ReachabilityState } from '../../lib/reachability.ts';
import { KeptAge } from './KeptAge.tsx';
import { keptReason } from '../../components/KeptNote.tsx';
import { UnkeptRecord } from './UnkeptRecord.tsx';
import { useRefreshKeptCopy } from '../../graphql/keptRecordsContext.tsx';
import readable from '../../components/readable.module.css';
import links from './recordLink.module.css';
import { RetryMessage } from '../../components/RetryMessage.tsx';
import { useRefreshWhileOpen } from './useRefreshWhileOpen.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import { ViewOnlyNotice } from '../../components/ViewOnlyNotice.tsx';
import { useRememberVisit } from '../recent/index.ts';
import { PinControl } from '../pins/index.ts';
import { DownloadAllButton, type PackageKind } from '../evidence-package/index.ts';
import { loadingText, notAnIdTitle, notThereText } from './recordPageWords.ts';

/** What a kind's page shows of one record; everything else (states, layout, attachments) is shared. */
export interface RecordView {
  title: string;
  /** Where the record sits in the work (run, serial, step); names it in uploads and the tab title. */
  context?: RecordContext;
  /** What the technician needs first (evidence slots, the run's steps), shown above the fields. */
  summary?: ReactNode;
  fields: RecordField[];
  related: RelatedGroup[];
  entity: (FragmentType<typeof RecordAttachmentsFields> & { id: number }) | null | undefined;
}

interface Props<TData, TRecord> {
  kind: RecordKind;
  /** The `$id` of the URL, as typed: it may be anything. */
  rawId: string;
  query: TypedDocumentNode<TData, { id: string }>;
  select(data: TData): TRecord | null | undefined;
  /** What the page shows of the record, in the words of `intl` (the language in force). */
  view(record: TRecord, intl: IntlShape): RecordView;
}

/** One page layout for the six kinds of record: bad id, loading, error, not found, then the record. */
export function RecordPage<TData, TRecord>(props: Props<TData, TRecord>) {
  const intl = useIntl();
  const id = parseRouteId(props.rawId);
  if (id === null) {
    return (
      <RecordProblem title={notAnIdTitle(props.kind, shorten(props.rawId), intl)}>
        <FormattedMessage defaultMessage="A record id is a positive whole number, like 42." id="t4v4zN" />
      </RecordProblem>
    );
  }
  return (
    <Stack gap="md">
      <OpenedAsNotice kind={props.kind} id={id} />
      <LoadedRecord {...props} id={id} />
    </Stack>
  );
}

function LoadedRecord<TData, TRecord>({
  kind,
  id,
  query,
  select,
  view,
}: Props<TData, TRecord> & { id: number }) {
  const intl = useIntl();
  const {
    data: answered,
    error,
    loading,
    refetch,
  } = useQuery(query, {
    variables: recordVariables(id),
    // Asked of the server each time the page is shown (its related runs, its files and counts may have
    // changed since the copy the cache keeps), the kept copy shown meanwhile and said to be one.
    fetchPolicy: 'cache-and-network',
    // Its refetches (the network back, a kept copy refreshed) merge with what the cache holds, as the
    // page's other refreshes do, instead of overwriting it: the list's policy then keeps the files this
    // page attached after the refetch was sent (fileAttachmentsPolicy).
    refetchWritePolicy: 'merge',
  });
  const reachability = useReachability();
  const online = reachability === 'online';
  useRefreshKeptCopy(recordKindInfo(kind).typename, id, online, refetch);
  // The network is back: what is shown (kept, or not there at all) is asked for again at once.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void refetch().catch(() => undefined);
    wasOnline.current = online;
  }, [online, refetch]);
  const name = recordName(kind, id, intl);
  const client = useApolloClient();
  // A refresh that failed (no answer, a timeout, a server error) never hides the copy the cache keeps:
  // it is shown with its age and why it could not be checked.
  const data = answered ?? (error ? readKept(client, query, id) : undefined);
  // Fresh data lands in the cache the page reads; a failed refresh leaves what is shown in place.
  // Paused while uploads run: those update the list as they land, and a refetch of a long list
  // then would only compete with them for the main thread. Asked at each refresh, not subscribed to:
  // the page rendered again whole when its first upload started (a shutter's tap on the tablet profile).
  const uploads = useUploadQueue();
  const refreshFailure = useRefreshWhileOpen(
    () =>
      client.query({
        query,
        variables: recordVariables(id),
        fetchPolicy: 'network-only',
      }),
    { paused: () => anyUnfinished(uploads.entriesNow()) },
  );

  if (loading && !data) {
    return (
      <Stack role="status" aria-live="polite" aria-busy="true">
        <Text>{loadingText(kind, id, intl)}</Text>
        <Skeleton h={36} w="60%" />
        <Skeleton h={120} />
        <Skeleton h={80} />
      </Stack>
    );
  }
  if (error && !data && (!online || isUnreachable(error))) {
    return <UnkeptRecord kind={kind} id={id} name={name} message={toUserMessage(error)} />;
  }
  const record = data ? select(data) : null;
  if (error && !record) {
    return (
      <RecordProblem
        title={intl.formatMessage(
          {
            defaultMessage: '{record} could not be opened',
            id: 'bhtJIA',
            description: 'record: e.g. "Run step 7"',
          },
          { record: name },
        )}
      >
        <RetryMessage message={toUserMessage(error)} onRetry={() => void refetch()} />
      </RecordProblem>
    );
  }
  if (!record) {
    return (
      <RecordProblem
        title={intl.formatMessage(
          {
            defaultMessage: '{record} was not found',
            id: 'rMyTIa',
            description: 'record: e.g. "Run step 7"',
          },
          { record: name },
        )}
      >
        {notThereText(kind, id, intl)}
      </RecordProblem>
    );
  }

  const content = view(record, intl);
  // Keyed by record: another record of this kind gets its own camera button (which opens the camera
  // when a scan brought it here) and its own drop-zone messages, not the previous record's.
  return (
    <RecordBody
      key={recordPath(kind, id)}
      kind={kind}
      id={id}
      name={name}
      content={content}
      refreshFailure={refreshFailure ?? error ?? null}
      reachability={reachability}
      checking={loading}
    />
  );
}

/** The loaded record; it is also noted as this user's most recent record on this device. */
function RecordBody({
  kind,
  id,
  name,
  content,
  refreshFailure,
  reachability,
  checking,
}: {
  kind: RecordKind;
  id: number;
  name: string;
  content: RecordView;
  refreshFailure: unknown;
  reachability: ReachabilityState;
  /** The page shows what the cache keeps while the server is asked for the record. */
  checking: boolean;
}) {
  const cameraAfterScan = useCameraAfterScan(recordPath(kind, id));
  useRememberVisit({ kind, id, title: content.title, context: content.context?.line });
  const intl = useIntl();
  const recordLabel = content.context?.line ?? titledName(name, content.title, intl);
  const kept = keptReason(reachability, { failed: refreshFailure !== null, checking });
  const body = (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <RecordHeader name={name} title={content.title} context={content.context} />
        <PinControl record={{ kind, id, title: content.title, context: content.context?.line }} />
        <RecordLabelButton
          name={name}
          title={content.title}
          url={new URL(recordPath(kind, id), window.location.origin).href}
        />
      </Group>
      {kept && <KeptAge kind={kind} id={id} reason={kept} />}
      <ViewOnlyNotice />
      {content.summary}
      <RecordFields fields={content.fields} />
      <RecordLinks groups={content.related} />
      <Divider />
      {refreshFailure !== null && (
        <Text size="sm" role="status" c="dimmed">
          <FormattedMessage
            defaultMessage="Could not check for new files: {reason}"
            id="KvtBwZ"
            values={{ reason: toUserMessage(refreshFailure) }}
          />
        </Text>
      )}
      {isPackageKind(kind) && <DownloadAllButton kind={kind} id={id} title={content.title} />}
      <RecordUploadsHere />
      {content.entity ? (
        <AttachmentsPanel
          entity={content.entity}
          recordLabel={recordLabel}
          pageVariables={recordVariables(id)}
        />
      ) : (
        <Text c="dimmed">
          <FormattedMessage
            defaultMessage="This record has no entity, so files cannot be attached to it."
            id="dU5gGR"
          />
        </Text>
      )}
    </Stack>
  );
  if (!content.entity) return body;
  return (
    <RecordDropZone
      entityId={content.entity.id}
      label={recordLabel}
      record={{ kind, id }}
      facts={content.context?.facts ?? { title: content.title }}
      openCameraAtStart={cameraAfterScan}
    >
      {body}
    </RecordDropZone>
  );
}

/** Records a package of files is offered for: a run (with its steps' and fields' files), and a run step, part or procedure's own. */
const isPackageKind = (kind: RecordKind): kind is PackageKind =>
  kind === 'run' || kind === 'runStep' || kind === 'part' || kind === 'procedure';

/** The record as the cache keeps it, or undefined when it holds none of it. */
function readKept<TData>(
  client: ReturnType<typeof useApolloClient>,
  query: TypedDocumentNode<TData, { id: string }>,
  id: number,
): TData | undefined {
  try {
    return client.readQuery({ query, variables: recordVariables(id) }) ?? undefined;
  } catch {
    return undefined;
  }
}

const anyUnfinished = (entries: readonly UploadEntry[]) => entries.some((entry) => !isFinished(entry.state));

function RecordProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      <Alert color="red" title={title} role="alert" styles={{ title: { overflowWrap: 'anywhere' } }}>
        {children}
      </Alert>
      <Group>
        <Anchor className={`${readable.link} ${links.pageLink}`} component={Link} to="/">
          <FormattedMessage defaultMessage="Open another record by id" id="4URVlN" />
        </Anchor>
      </Group>
    </Stack>
  );
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
