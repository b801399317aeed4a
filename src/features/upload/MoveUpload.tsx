import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconArrowForward } from '@tabler/icons-react';
import { parseRouteId, RECORD_KINDS, recordKindInfo, type RecordKind } from '../../records/recordKinds.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useUploadFix } from './useUploadFix.ts';

/**
 * "Move to another record" on a file whose record turned out not to exist (its id was typed or scanned
 * offline): the technician names the record it belongs to, and it goes there instead, once. The
 * record's entity is looked up before anything is sent.
 */
export function MoveUpload({ entry, name }: { entry: UploadEntry; name: string }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const [kind, setKind] = useState<RecordKind>(entry.target.record.kind);
  const [id, setId] = useState('');
  const fix = useUploadFix({
    reset: () => setId(''),
    apply: () => {
      const number = parseRouteId(id.trim());
      if (number === null) {
        return intl.formatMessage({
          defaultMessage: 'Type the record’s id: a whole number like 42.',
          id: 'xnaek7',
        });
      }
      const label = `${recordKindInfo(kind).label} ${number}`;
      return queue.moveTo(entry.id, { entityId: null, label, record: { kind, id: number } });
    },
  });

  return (
    <>
      <Button
        size="compact-md"
        variant="light"
        mih={44}
        leftSection={<IconArrowForward size={18} aria-hidden />}
        aria-label={intl.formatMessage(
          { defaultMessage: 'Move {name} to another record', id: '13EEmR' },
          { name },
        )}
        onClick={fix.open}
        style={{ alignSelf: 'flex-start' }}
      >
        <FormattedMessage defaultMessage="Move to another record" id="8GzJEh" />
      </Button>
      {/* Above the failure's notification (which opens this), so it never covers the form. */}
      <FormDialog
        {...fix.dialog}
        title={intl.formatMessage({ defaultMessage: 'Move to another record', id: '8GzJEh' })}
        submit={<FormattedMessage defaultMessage="Move and send" id="0dF7Iw" />}
        zIndex={1000}
      >
        <Text size="sm">
          <FormattedMessage
            defaultMessage="{name} goes to this record instead. Nothing of it was sent anywhere yet."
            id="4GjaGH"
            values={{ name }}
          />
        </Text>
        <NativeSelect
          label={intl.formatMessage({ defaultMessage: 'Kind of record', id: 'b22Sw+' })}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as RecordKind)}
          data={RECORD_KINDS.map((info) => ({ value: info.kind, label: info.label }))}
        />
        <TextInput
          label={intl.formatMessage({ defaultMessage: 'Record id', id: 'LWLSAQ' })}
          inputMode="numeric"
          value={id}
          onChange={(event) => setId(event.currentTarget.value)}
          error={fix.problem}
          data-autofocus
        />
      </FormDialog>
    </>
  );
}
