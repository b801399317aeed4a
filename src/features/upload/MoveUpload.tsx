import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconArrowForward } from '@tabler/icons-react';
import { parseRouteId, RECORD_KINDS, recordKindInfo, type RecordKind } from '../../records/recordKinds.ts';
import type { UploadEntry } from '../../upload/types.ts';
import { useUploadQueue } from '../../components/uploadQueueContext.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';

/**
 * "Move to another record" on a file whose record turned out not to exist (its id was typed or scanned
 * offline): the technician names the record it belongs to, and it goes there instead, once. The
 * record's entity is looked up before anything is sent.
 */
export function MoveUpload({ entry, name }: { entry: UploadEntry; name: string }) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<RecordKind>(entry.target.record.kind);
  const [id, setId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = parseRouteId(id.trim());
    if (number === null) {
      setProblem(
        intl.formatMessage({ defaultMessage: 'Type the record’s id: a whole number like 42.', id: 'xnaek7' }),
      );
      return;
    }
    const label = `${recordKindInfo(kind).label} ${number}`;
    const refusal = queue.moveTo(entry.id, { entityId: null, label, record: { kind, id: number } });
    if (refusal) setProblem(refusal);
    else setOpen(false);
  };

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
        onClick={() => {
          setProblem(null);
          setId('');
          setOpen(true);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        <FormattedMessage defaultMessage="Move to another record" id="8GzJEh" />
      </Button>
      {/* Above the failure's notification (which opens this), so it never covers the form. */}
      <FormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={intl.formatMessage({ defaultMessage: 'Move to another record', id: '8GzJEh' })}
        submit={<FormattedMessage defaultMessage="Move and send" id="0dF7Iw" />}
        onSubmit={submit}
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
          error={problem}
          data-autofocus
        />
      </FormDialog>
    </>
  );
}
