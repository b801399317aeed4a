import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useRevealedGradually } from '../../components/useRevealedGradually.ts';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { EmptyNote } from '../../components/EmptyNote.tsx';
import { useFragment } from '@apollo/client/react';
import { AttachmentRow } from './AttachmentRow.tsx';
import { AttachmentPreviewModal, type PreviewTarget } from './AttachmentPreviewModal.tsx';
import { DeleteAttachmentDialog, type DeleteTarget } from '../delete-attachment/index.ts';
import { AttachmentItemFields, RecordAttachmentsFields } from './attachmentDocuments.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import type { AttachmentItemFragment, RecordAttachmentsFragment } from '../../graphql/generated/graphql.ts';
import { MarkUpAttachment, type MarkUpTarget } from './MarkUpAttachment.tsx';
import { useRecordUploadTarget } from '../upload/index.ts';
import { ATTACHMENT_SORTS, sortAttachments, type AttachmentSort } from './attachmentSort.ts';
import { useViewOnly } from '../../components/viewOnly.tsx';
import { previewTarget } from './previewTarget.ts';
import { useUploadedHere, type UploadedHere } from './useUploadedHere.ts';
import classes from './AttachmentsPanel.module.css';
import { useNewSinceOpened } from './newSinceOpened.ts';
import { scrollIntoViewIfHidden } from '../../lib/scrollIntoViewIfHidden.ts';

interface Props {
  entity: FragmentType<typeof RecordAttachmentsFields>;
  /** How the record is named in sentences, e.g. "run 42". */
  recordLabel: string;
  /**
   * The variables of the page's query that holds `entity`: the list is read with them, so the page's
   * read of it and the panel's are one (see withSharedListFragments in attachmentsReadByPanel.ts).
   */
  pageVariables: Record<string, unknown>;
}

type Items = NonNullable<RecordAttachmentsFragment['fileAttachments']>;

/** The attachments of any kind of record: list, preview, download and delete. */
export function AttachmentsPanel({ entity, recordLabel, pageVariables }: Props) {
  const intl = useIntl();
  const given = getFragmentData(RecordAttachmentsFields, entity);
  // Watched here, not through the record page's query (which does not re-render for them: see
  // attachmentsReadByPanel), so an attached batch renders this panel, not the whole page.
  const watched = useFragment({
    fragment: RecordAttachmentsFields,
    fragmentName: 'RecordAttachments',
    from: { __typename: 'Entity', id: given.id },
    variables: pageVariables,
  });
  const data = watched.complete ? watched.data : given;
  const attachments = data.fileAttachments ?? NO_ITEMS;
  const [sort, setSort] = useState<AttachmentSort>('newest');
  // A record's list is drawn at once when the page opens; a batch landing in the cache adds its rows
  // a few per task (one or two at once), each slice committed on its own, so no task holds dozens of
  // new rows while uploads wait for the main thread.
  const items = useRevealedItems(attachments, sort);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [markingUp, setMarkingUp] = useState<MarkUpTarget | null>(null);
  const uploadTarget = useRecordUploadTarget();
  const onMarkUp = uploadTarget ? setMarkingUp : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  // In the same render as the list it sizes: a new row is drawn once, with its size (useUploadedHere).
  const uploadedHere = useUploadedHere(data.id);
  const ids = useMemo(() => attachmentsOf(attachments).map(({ id }) => id), [attachments]);
  const newIds = useNewSinceOpened(data.id, ids);
  const { viewOnly } = useViewOnly();
  // Stable handlers and values: the closed dialogs and the sort control are memoised, and a record
  // page renders at every attached batch (the profile counted the closed preview and delete dialogs
  // rendering about once per file of a batch).
  const isImage = preview?.type === 'image';
  // Next and previous go through the record's images in the order the list shows them.
  const siblings = useMemo(
    () => (isImage ? imageTargets(attachments, sort) : NO_TARGETS),
    [isImage, attachments, sort],
  );
  const closePreview = useCallback(() => setPreview(null), []);
  const markUpFromPreview = useMemo(
    () =>
      onMarkUp &&
      ((target: MarkUpTarget) => {
        setPreview(null);
        onMarkUp(target);
      }),
    [onMarkUp],
  );
  const closeDelete = useCallback(() => setDeleting(null), []);
  // The heading that now counts one file less: a keyboard or screen-reader user is not left on a
  // button that no longer exists.
  const focusHeading = useCallback(() => requestAnimationFrame(() => heading.current?.focus()), []);

  return (
    <Stack component="section" aria-labelledby="attachments-heading" gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id="attachments-heading" ref={heading} tabIndex={-1}>
          <FormattedMessage
            defaultMessage="Attachments ({count})"
            id="IxMxdQ"
            description="Heading of a record's files, with how many there are"
            values={{ count: attachments.filter((item) => item !== null).length }}
          />
        </Title>
        {attachments.length > 1 && <SortControl sort={sort} onSort={setSort} />}
      </Group>
      {attachments.length === 0 ? (
        <EmptyNote>{intl.formatMessage(NO_FILES)}</EmptyNote>
      ) : (
        <AttachmentList
          items={items}
          entityId={data.id}
          label={intl.formatMessage(
            {
              defaultMessage: 'Files of {record}',
              id: 'wLzh/z',
              description: 'The list of files attached to a record',
            },
            { record: recordLabel },
          )}
          uploadedHere={uploadedHere}
          newIds={newIds}
          canDelete={!viewOnly}
          onPreview={setPreview}
          onDelete={setDeleting}
          onMarkUp={onMarkUp}
        />
      )}
      <PreviewModal
        target={preview}
        siblings={siblings}
        onNavigate={setPreview}
        onClose={closePreview}
        onMarkUp={markUpFromPreview}
      />
      {markingUp && uploadTarget && (
        <MarkUpAttachment attachment={markingUp} record={uploadTarget} onClose={() => setMarkingUp(null)} />
      )}
      <DeleteDialog
        target={deleting}
        recordLabel={recordLabel}
        onClose={closeDelete}
        onDeleted={focusHeading}
      />
    </Stack>
  );
}

const NO_FILES = defineMessage({
  defaultMessage: 'No files attached yet. Drop files on this page to attach them.',
  id: '4gKJFR',
});
const NO_TARGETS: PreviewTarget[] = [];
const NO_ITEMS: Items = [];
const PreviewModal = memo(AttachmentPreviewModal);
const DeleteDialog = memo(DeleteAttachmentDialog);

/** The list's order; memoised, as a segmented control measures itself at each render. */
const SortControl = memo(function SortControl({
  sort,
  onSort,
}: {
  sort: AttachmentSort;
  onSort(sort: AttachmentSort): void;
}) {
  const intl = useIntl();
  return (
    <Group gap="xs" role="group" aria-labelledby="attachments-sort-label">
      <Text size="sm" id="attachments-sort-label" c="dimmed">
        <FormattedMessage
          defaultMessage="Sort by"
          id="YohZgM"
          description="Before the orders of a record's files"
        />
      </Text>
      <SegmentedControl
        value={sort}
        onChange={(value) => onSort(value as AttachmentSort)}
        data={ATTACHMENT_SORTS.map(({ value, label }) => ({ value, label: intl.formatMessage(label) }))}
        size="md"
      />
    </Group>
  );
});

/**
 * The attachments whose rows are drawn, unmasked and in the list's order (sorted here once per change
 * of the list: the rows are drawn in this order as they are): all at first, then new ones a few per task.
 */
function useRevealedItems(attachments: Items, sort: AttachmentSort): Attachment[] {
  const sorted = useMemo(() => sortAttachments(attachmentsOf(attachments), sort), [attachments, sort]);
  const ids = useMemo(() => sorted.map(({ id }) => id), [sorted]);
  // One row per slice: an attachment row (four buttons) costs several upload rows.
  const shown = useRevealedGradually(ids, { initiallyAll: true, atOnce: 2, perSlice: 1 });
  return useMemo(() => {
    if (shown === ids) return sorted;
    const drawn = new Set(shown);
    return sorted.filter((item) => drawn.has(item.id));
  }, [sorted, ids, shown]);
}

/** The list's attachments, unmasked, without the gaps a failed read leaves. */
function attachmentsOf(items: Items): Attachment[] {
  return items.flatMap((item) => (item ? [getFragmentData(AttachmentItemFields, item)] : []));
}

type Attachment = AttachmentItemFragment;

function imageTargets(items: Items, sort: AttachmentSort): PreviewTarget[] {
  return sortAttachments(attachmentsOf(items), sort).flatMap((attachment) => {
    const target = previewTarget(attachment);
    return target?.type === 'image' ? [target] : [];
  });
}

interface ListProps {
  /** The rows to draw, in the order shown. */
  items: readonly Attachment[];
  entityId: number;
  label: string;
  uploadedHere: UploadedHere;
  /** Arrived since the record was opened, attached by someone else or elsewhere: marked "New". */
  newIds: ReadonlySet<number>;
  canDelete: boolean;
  onPreview(target: PreviewTarget): void;
  onDelete(target: DeleteTarget): void;
  onMarkUp?(target: MarkUpTarget): void;
}

/** Memoised: renders when the (deferred) list changes, not whenever the record page does. */
const AttachmentList = memo(function AttachmentList({
  items,
  entityId,
  label,
  uploadedHere,
  newIds,
  canDelete,
  onPreview,
  onDelete,
  onMarkUp,
}: ListProps) {
  const list = useRef<HTMLUListElement>(null);
  useLatestInView(list, uploadedHere.latest, items);
  return (
    <ul ref={list} className={classes.list} aria-label={label}>
      {items.map((attachment) => (
        <AttachmentRow
          key={attachment.id}
          attachment={attachment}
          entityId={entityId}
          size={uploadedHere.sizes.get(attachment.id)}
          isNew={newIds.has(attachment.id)}
          canDelete={canDelete}
          onPreview={onPreview}
          onDelete={onDelete}
          onMarkUp={onMarkUp}
        />
      ))}
    </ul>
  );
});

/**
 * Brings the row of the file this device attached last into view once it is drawn (a batch's rows are
 * drawn a few per task), once, and only when it is not wholly on screen. The list does it, not a prop
 * of the row: the row that was the latest before would be drawn again, its buttons and all, for each
 * file landing after it.
 */
function useLatestInView(
  list: RefObject<HTMLElement | null>,
  latest: number | null,
  items: readonly Attachment[],
): void {
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (latest === null || shown.current === latest) return;
    const row = list.current?.querySelector(`[data-attachment-id="${latest}"]`);
    if (!row) return;
    shown.current = latest;
    // Asked of the next frame's layout, not forced now: the listing's task is the one a person waits on.
    scrollIntoViewIfHidden(row);
  }, [list, latest, items]);
}
