import { createPortal } from 'react-dom';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QrCode } from './QrCode.tsx';
import classes from './RecordLabelDialog.module.css';

export interface RecordLabelProps {
  /** e.g. "Run 12" */
  name: string;
  title: string;
  /** The record page's full address, what the QR code carries. */
  url: string;
}

/**
 * A label for travelers and bins: the record's address as a QR code (any scanner in the app opens it)
 * with its kind, id and title written out for people. Printing shows the label alone.
 */
export default function RecordLabelDialog({
  name,
  title,
  url,
  onClose,
}: RecordLabelProps & { onClose(): void }) {
  const intl = useIntl();
  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={intl.formatMessage(
          {
            defaultMessage: 'Label for {record}',
            id: 'LmXzLA',
            description: 'record: e.g. "Run 12"; a QR label to print',
          },
          { record: name },
        )}
        closeButtonProps={{
          'aria-label': intl.formatMessage({ defaultMessage: 'Close without printing', id: 'CuvAY/' }),
        }}
        size="auto"
      >
        <Stack gap="md" align="center">
          <Label name={name} title={title} url={url} data-testid="record-label" />
          <Group>
            <Button leftSection={<IconPrinter size={20} aria-hidden />} onClick={() => window.print()}>
              <FormattedMessage defaultMessage="Print label" id="hP/1xU" />
            </Button>
            <Button variant="default" onClick={onClose}>
              <FormattedMessage
                defaultMessage="Close"
                id="rSjvat"
                description="Button: close the label dialog"
              />
            </Button>
          </Group>
        </Stack>
      </Modal>
      {/* What goes on paper: a copy straight under <body>, since the dialog's scrolling and moving
          boxes would cut a label printed from inside it. */}
      {createPortal(
        <div className={classes.sheet} aria-hidden>
          <Label name={name} title={title} url={url} />
        </div>,
        document.body,
      )}
    </>
  );
}

function Label({ name, title, url, ...rest }: RecordLabelProps & { 'data-testid'?: string }) {
  const intl = useIntl();
  return (
    <div className={classes.label} {...rest}>
      <QrCode
        text={url}
        size={220}
        title={intl.formatMessage(
          { defaultMessage: 'QR code for {url}', id: 'WrDQHU', description: 'Text alternative of a QR code' },
          { url },
        )}
      />
      <div>
        <Text fw={700} size="xl">
          {name}
        </Text>
        <Text className={classes.title}>{title}</Text>
        <Text size="xs" className={classes.url}>
          {url}
        </Text>
      </div>
    </div>
  );
}
