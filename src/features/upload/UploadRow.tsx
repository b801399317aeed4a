import { memo } from 'react';
import { ActionIcon, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerStop, IconRefresh, IconX } from '@tabler/icons-react';
import { canSendOriginal, percentDone, speedText, statusText } from '../../upload/describeUpload.ts';
import { formatBytes } from '../../upload/formatBytes.ts';
import { isFinished, type UploadEntry } from '../../upload/types.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { allows } from '../../upload/uploadQueue.ts';
import { MAX_FILENAME_LENGTH } from '../../upload/ticketFilename.ts';
import { useUploadQueue } from '../../components/uploadQueueContext.tsx';
import { canMarkUp } from '../markup/index.ts';
import { MarkUpQueuedPhoto } from './MarkUpQueuedPhoto.tsx';
import { RenameUpload } from './RenameUpload.tsx';
import { MoveUpload } from './MoveUpload.tsx';
import classes from './UploadRow.module.css';

const stateColors: Record<UploadEntry['state'], string> = {
  queued: 'gray',
  ticket: 'blue',
  uploading: 'blue',
  registering: 'blue',
  attached: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** How the state text is coloured (shades chosen for 4.5:1 contrast in light and dark schemes). */
function toneOf(state: UploadEntry['state']): 'done' | 'failed' | 'active' | 'idle' {
  if (state === 'attached') return 'done';
  if (state === 'failed') return 'failed';
  return state === 'queued' || state === 'cancelled' ? 'idle' : 'active';
}

/** One file: its name, size, progress, state and reason, and what can be done with it. */
/** Memoised: the queue keeps an unchanged entry's object, so a progress tick renders only its own row. */
export const UploadRow = memo(function UploadRow({ entry }: { entry: UploadEntry }) {
  const queue = useUploadQueue();
  const percent = percentDone(entry);
  const speed = speedText(entry);
  const canCancel = !isFinished(entry.state) && entry.state !== 'registering';
  // A permission refusal stays one: Retry is not offered.
  const canRetryAt = (entry.state === 'failed' || entry.state === 'cancelled') && !entry.refusedPermission;
  const canRename = allows(entry.state, 'rename') && !entry.refusedPermission && !entry.noSuchRecord;
  // A record that does not exist stays so: the file can only go elsewhere.
  const canRetry = canRetryAt && !entry.noSuchRecord;
  // As stored: a direction override cannot make `inv\u202Egpj.exe` read as a photo.
  const name = displayFilename(entry.filename).text;
  const status = `${statusText(entry)}${entry.reason ? `: ${entry.reason}` : ''}`;

  return (
    <li className={classes.row} aria-label={`${name}: ${status}`}>
      <Stack gap={4} className={classes.main}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} className={classes.name} title={name}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.size}>
            {entry.lightenedFrom === undefined
              ? formatBytes(entry.size)
              : `${formatBytes(entry.lightenedFrom)} → ${formatBytes(entry.size)}`}
          </Text>
        </Group>
        <Text
          size="xs"
          c="dimmed"
          className={classes.name}
          title={entry.target.label}
          data-testid="upload-target"
        >
          {entry.target.label}
        </Text>
        <Progress
          value={percent}
          color={stateColors[entry.state]}
          size="sm"
          aria-label={`${name} progress`}
          // Static stripes while the server registers the file, and no width transition: either
          // animates the page every frame for as long as files upload, which starves a tablet's main
          // thread (a hundred rows moving kept it at a frame every 20 ms).
          striped={entry.state === 'registering'}
          transitionDuration={0}
        />
        <Group gap="xs" justify="space-between">
          <Text size="xs" className={classes.status} data-tone={toneOf(entry.state)} data-state={entry.state}>
            {status}
          </Text>
          {speed && (
            <Text size="xs" c="dimmed">
              {speed}
            </Text>
          )}
        </Group>
        {entry.notKept && (
          <Text size="xs" className={classes.status} data-tone="failed">
            Not saved on this tablet: keep this page open until sent.
          </Text>
        )}
        {entry.shortenedFrom !== undefined && (
          <Text size="xs" c="dimmed">
            Name shortened to fit the {MAX_FILENAME_LENGTH}-character limit.
          </Text>
        )}
        {entry.lighteningFailed && (
          <Text size="xs" c="dimmed">
            Sent at full size: {entry.lighteningFailed}
          </Text>
        )}
        {entry.noSuchRecord && entry.state === 'failed' && <MoveUpload entry={entry} name={name} />}
        {canSendOriginal(entry) && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={`Send the original of ${name}`}
            onClick={() => queue.sendOriginal(entry.id)}
            style={{ alignSelf: 'flex-start' }}
          >
            Send original
          </Button>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {canMarkUp(entry.type) && entry.state !== 'cancelled' && (
          <MarkUpQueuedPhoto entry={entry} name={name} />
        )}
        {canCancel && (
          <Tooltip label="Cancel">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Cancel ${name}`}
              onClick={() => queue.cancel(entry.id)}
            >
              <IconPlayerStop size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {canRename && <RenameUpload entry={entry} name={name} />}
        {canRetry && (
          <Tooltip label="Retry">
            <ActionIcon variant="subtle" aria-label={`Retry ${name}`} onClick={() => queue.retry(entry.id)}>
              <IconRefresh size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {isFinished(entry.state) && (
          <Tooltip label="Remove from the list">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${name} from the list`}
              onClick={() => queue.remove(entry.id)}
            >
              <IconX size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </li>
  );
});
