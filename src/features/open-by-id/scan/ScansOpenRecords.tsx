import { useEffect, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { bareNumberKind } from '../bareNumberKind.ts';
import { readRememberedKind } from '../rememberedKind.ts';
import { useOpenRecordRef } from '../useOpenRecordRef.ts';
import { RunChoiceList } from '../RunChoiceList.tsx';
import type { RecordRefDestination } from '../resolveRecordRef.ts';
import { useScanner } from './scannerContext.tsx';
import { tooShortScanMessage } from './tooShortScan.ts';

type Choice = Extract<RecordRefDestination, { to: 'choose' }>;

/**
 * On every signed-in page, a scan opens what it names: a record (a bare number as the page it is
 * scanned on reads it, see bareNumberKind), the run a serial names, the part with that number, or the
 * parts search for it; a serial several runs carry asks which one; anything else, a scan too short for
 * a label included, is refused with a notification saying why.
 */
export function ScansOpenRecords() {
  const scanner = useScanner();
  const open = useOpenRecordRef();
  const navigate = useNavigate();
  const router = useRouter();
  const [choice, setChoice] = useState<Choice | null>(null);
  useEffect(() => {
    if (!scanner) return;
    return scanner.handle(({ text, tooShort }) => {
      if (tooShort) {
        notifications.show({ color: 'red', title: 'Scan too short', message: tooShortScanMessage(text) });
        return;
      }
      setChoice(null);
      const kind = bareNumberKind(router.state.location.pathname, readRememberedKind());
      void open(text, kind, { scanned: true }).then((destination) => {
        if (destination.to === 'choose') setChoice(destination);
        if (destination.to !== 'refused') return;
        if (destination.partNumber !== undefined) {
          void navigate({ to: '/parts', search: { q: destination.partNumber } });
        } else {
          notifications.show({
            color: 'red',
            title: 'That scan does not open a record',
            message: destination.message,
          });
        }
      });
    });
  }, [scanner, open, navigate, router]);
  if (!choice) return null;
  return (
    <Modal opened onClose={() => setChoice(null)} title="Which run?" size="lg">
      <RunChoiceList serial={choice.serial} runs={choice.runs} onPick={() => setChoice(null)} />
    </Modal>
  );
}
