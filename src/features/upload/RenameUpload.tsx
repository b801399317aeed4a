import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ActionIcon, Text, TextInput } from '@mantine/core';
import { IconCursorText } from '@tabler/icons-react';
import { MAX_FILENAME_LENGTH } from '../../upload/ticketFilename.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useUploadFix } from './useUploadFix.ts';

/**
 * "Rename" on a failed file: a name the server would not take (too long, characters it refuses) is
 * changed here and the file goes again under it, without choosing it again.
 */
export function RenameUpload({ entry, name }: { entry: UploadEntry; name: string }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const [value, setValue] = useState(entry.filename);
  const fix = useUploadFix({
    reset: () => setValue(entry.filename),
    apply: () => queue.rename(entry.id, value),
  });

  return (
    <>
      <ActionIcon
        variant="subtle"
        title={intl.formatMessage({
          defaultMessage: 'Rename',
          id: 'TwC15O',
          description: 'Button: rename a file',
        })}
        aria-label={intl.formatMessage({ defaultMessage: 'Rename {name}', id: 'NZmMEE' }, { name })}
        onClick={fix.open}
      >
        <IconCursorText size={20} aria-hidden />
      </ActionIcon>
      <FormDialog
        {...fix.dialog}
        title={intl.formatMessage({ defaultMessage: 'Rename and try again', id: 'VU/VfS' })}
        submit={<FormattedMessage defaultMessage="Rename and try again" id="VU/VfS" />}
      >
        <TextInput
          label={intl.formatMessage({
            defaultMessage: 'New name',
            id: 'Qj3pDe',
            description: 'The new name of a file',
          })}
          description={intl.formatMessage(
            {
              defaultMessage: 'It is attached under this name (at most {max} characters).',
              id: '+mvJ7H',
            },
            { max: MAX_FILENAME_LENGTH },
          )}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={MAX_FILENAME_LENGTH}
          error={fix.problem}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          <FormattedMessage defaultMessage="What was already uploaded is not sent again." id="e2Dree" />
        </Text>
      </FormDialog>
    </>
  );
}
