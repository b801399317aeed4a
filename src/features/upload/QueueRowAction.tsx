import { memo } from 'react';
import { PlainButton, PlainIconButton } from '../../components/PlainButton.tsx';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';

/** What an upload row's icon button does to its file. */
export type QueueAction = 'cancel' | 'retry' | 'remove';

/**
 * An upload row's Cancel, Retry or Remove button (plain buttons drawn as Mantine's: one per file).
 * Memoised on the file's id and name: a row renders at every progress tick of its file, the button need not.
 */
export const QueueRowAction = memo(function QueueRowAction({
  action,
  id,
  name,
}: {
  action: QueueAction;
  id: string;
  name: string;
}) {
  const intl = useIntl();
  const queue = useUploadQueue();
  if (action === 'cancel') {
    // A worded button: a bare stop square beside a file read as a checkbox to tick.
    return (
      <PlainButton
        variant="default"
        icon={<IconX size={18} aria-hidden />}
        aria-label={intl.formatMessage(
          { defaultMessage: 'Cancel {name}', id: 'pQYjvH', description: 'Stops the upload of a file' },
          { name },
        )}
        onClick={() => queue.cancel(id)}
      >
        {intl.formatMessage({ defaultMessage: 'Cancel', id: 'PYv9hN', description: 'Stops an upload' })}
      </PlainButton>
    );
  }
  if (action === 'retry') {
    return (
      <PlainIconButton
        variant="subtle"
        title={intl.formatMessage({ defaultMessage: 'Retry', id: '62nsdy' })}
        aria-label={intl.formatMessage({ defaultMessage: 'Retry {name}', id: 'hRJjA7' }, { name })}
        onClick={() => queue.retry(id)}
      >
        <IconRefresh size={20} aria-hidden />
      </PlainIconButton>
    );
  }
  return (
    <PlainIconButton
      variant="subtle"
      color="gray"
      title={intl.formatMessage({ defaultMessage: 'Remove from the list', id: '0UnwIi' })}
      aria-label={intl.formatMessage(
        { defaultMessage: 'Remove {name} from the list', id: 'cFIQBr' },
        { name },
      )}
      onClick={() => queue.remove(id)}
    >
      <IconX size={20} aria-hidden />
    </PlainIconButton>
  );
});
