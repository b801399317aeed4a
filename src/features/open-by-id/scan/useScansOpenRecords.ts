import { useEffect } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { bareNumberKind } from '../bareNumberKind.ts';
import { readRememberedKind } from '../rememberedKind.ts';
import { useOpenRecordRef } from '../useOpenRecordRef.ts';
import { useScanner } from './scannerContext.tsx';
import { tooShortScanMessage } from './tooShortScan.ts';

/**
 * On every signed-in page, a scan opens what it names: a record (a bare number as the page it is
 * scanned on reads it, see bareNumberKind), the part with that number, or the parts search for it;
 * anything else, a scan too short for a label included, is refused with a notification saying why.
 */
export function useScansOpenRecords(): void {
  const scanner = useScanner();
  const open = useOpenRecordRef();
  const navigate = useNavigate();
  const router = useRouter();
  useEffect(() => {
    if (!scanner) return;
    return scanner.handle(({ text, tooShort }) => {
      if (tooShort) {
        notifications.show({ color: 'red', title: 'Scan too short', message: tooShortScanMessage(text) });
        return;
      }
      const kind = bareNumberKind(router.state.location.pathname, readRememberedKind());
      void open(text, kind, { scanned: true }).then((destination) => {
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
}
