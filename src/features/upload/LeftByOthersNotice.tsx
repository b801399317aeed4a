import { Button, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@apollo/client/react';
import type { LeftFiles } from '../../upload/uploadQueue.ts';
import { KeptFilesAdminQuery } from '../../upload/keptFilesAdmin.ts';
import { useLeftByOthers, useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { useAppConfig } from '../../config/ConfigContext.tsx';
import { toUserMessage } from '../../graphql/errors.ts';
import { ActionNotice } from '../../components/ActionNotice.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/**
 * "2 files left by Taylor Technician are waiting for them": on a shared tablet the next person sees
 * that someone's files are still here, and that they are not sent under their own name. They are
 * their owner's: only an administrator (where config.json allows it) may discard them, after a
 * confirmation.
 */
export function LeftByOthersNotice() {
  const intl = useIntl();
  const queue = useUploadQueue();
  const left = useLeftByOthers();
  const adminsMay = useAppConfig().adminsMayDiscardKeptFiles === true;
  // Asked only where it matters; the queue reads the answer from the cache when discarding.
  useQuery(KeptFilesAdminQuery, { skip: !adminsMay || left.length === 0 });
  const [confirming, setConfirming] = useState<LeftFiles | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (left.length === 0) return null;
  const mayDiscard = queue.mayDiscardLeftBy();

  const discard = async (files: LeftFiles) => {
    try {
      await queue.discardLeftBy(files.key);
      setConfirming(null);
      setFailure(null);
    } catch (error) {
      setFailure(
        intl.formatMessage(
          { defaultMessage: 'The files could not be discarded: {reason}', id: 'Nh0Isi' },
          { reason: toUserMessage(error) },
        ),
      );
    }
  };

  return (
    <>
      {left.map((files) => (
        <ActionNotice
          key={files.key}
          color="gray"
          icon={<IconUsers size={20} aria-hidden />}
          mb="md"
          role="status"
          action={
            mayDiscard && (
              <Button variant="default" onClick={() => setConfirming(files)}>
                <FormattedMessage
                  defaultMessage="Discard…"
                  id="IOeSI8"
                  description="Opens the confirmation to discard someone's files"
                />
              </Button>
            )
          }
        >
          <FormattedMessage
            defaultMessage="{count, plural, one {# file left by {name} is waiting for them.} other {# files left by {name} are waiting for them.}} They are sent when {name} signs in on this device."
            id="yveKz8"
            values={{ count: files.count, name: files.name }}
          />
        </ActionNotice>
      ))}
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming
            ? intl.formatMessage(
                {
                  defaultMessage: 'Discard {count, plural, one {# file} other {# files}} left by {name}?',
                  id: 'neyx09',
                },
                { count: confirming.count, name: confirming.name },
              )
            : ''
        }
        closeLabel={intl.formatMessage({ defaultMessage: 'Close', id: 'rbrahO' })}
        centered
        failure={failure === null ? null : { message: failure }}
        onConfirm={() => confirming && void discard(confirming)}
        cancel={
          <FormattedMessage
            defaultMessage="Keep them"
            id="h5USZ3"
            description="Button: do not discard someone's files"
          />
        }
        confirm={
          <FormattedMessage
            defaultMessage="Discard {count, plural, one {# file} other {# files}}"
            id="rAO7lf"
            values={{ count: confirming?.count }}
          />
        }
      >
        <Text>
          <FormattedMessage
            defaultMessage="They will not be attached, and {name} cannot get them back from this device."
            id="3DID+R"
            values={{ name: confirming?.name }}
          />
        </Text>
      </ConfirmDialog>
    </>
  );
}
