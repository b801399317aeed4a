import { useEffect, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIntl } from 'react-intl';
import { bareNumberKind, pageKind } from '../bareNumberKind.ts';
import { readChosenKind } from '../rememberedKind.ts';
import { useOpenRecordRef } from '../useOpenRecordRef.ts';
import { RunChoiceList } from '../RunChoiceList.tsx';
import type { RecordRefDestination } from '../resolveRecordRef.ts';
import { useScanner } from '../../../scanner/scannerContext.tsx';
import { tooShortScanMessage } from './tooShortScan.ts';

type Choice = Extract<RecordRefDestination, { to: 'choose' }>;

/**
 * On every signed-in page, a scan opens what it names: a record (a bare number as the page it is
 * scanned on reads it, see bareNumberKind), the run a serial names, the part with that number, or the
 * parts search for it; a serial several runs carry asks which one; anything else, a scan too short for
 * a label included, is refused with a notification saying why.
 */
export function ScansOpenRecords() {
  const intl = useIntl();
  const scanner = useScanner();
  const open = useOpenRecordRef();
  const navigate = useNavigate();
  const router = useRouter();
  const [choice, setChoice] = useState<Choice | null>(null);
  useEffect(() => {
    if (!scanner) return;
    const close = intl.formatMessage({ defaultMessage: 'Close', id: 'rbrahO' });
    return scanner.handle(({ text, tooShort }) => {
      if (tooShort) {
        notifications.show({
          color: 'red',
          title: intl.formatMessage({ defaultMessage: 'Scan too short', id: '7oapbk' }),
          message: tooShortScanMessage(text, intl),
          closeButtonProps: { 'aria-label': close },
        });
        return;
      }
      setChoice(null);
      const { pathname } = router.state.location;
      const chosen = readChosenKind();
      const kind = bareNumberKind(pathname, chosen ?? 'part');
      // Ids were asked for where the page or a chosen Kind names their kind (`0041` is a serial else).
      const idsAsked = chosen !== null || pageKind(pathname) !== null;
      void open(text, kind, { scanned: true, idsAsked }).then((destination) => {
        if (destination.to === 'choose') setChoice(destination);
        if (destination.to !== 'refused') return;
        if (destination.partNumber !== undefined) {
          void navigate({ to: '/parts', search: { q: destination.partNumber } });
        } else {
          notifications.show({
            color: 'red',
            title: intl.formatMessage({ defaultMessage: 'That scan does not open a record', id: 'QlSUbT' }),
            message: destination.message,
            closeButtonProps: { 'aria-label': close },
          });
        }
      });
    });
  }, [scanner, open, navigate, router, intl]);
  if (!choice) return null;
  return (
    <Modal
      opened
      onClose={() => setChoice(null)}
      title={intl.formatMessage({
        defaultMessage: 'Which run?',
        id: 'ToIoCw',
        description: 'Title of a choice between the runs that carry a scanned serial number',
      })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ defaultMessage: 'Close', id: 'rbrahO' }) }}
      size="lg"
    >
      <RunChoiceList serial={choice.serial} runs={choice.runs} onPick={() => setChoice(null)} />
    </Modal>
  );
}
