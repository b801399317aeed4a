import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { readRememberedKind } from '../rememberedKind.ts';
import { useOpenRecordRef } from '../useOpenRecordRef.ts';
import { useScanner } from './scannerContext.tsx';

/**
 * On every signed-in page, a scan opens what it names: a record, the part with that number, or the
 * parts search for it; anything else is refused with a notification saying why.
 */
export function useScansOpenRecords(): void {
  const scanner = useScanner();
  const open = useOpenRecordRef();
  const navigate = useNavigate();
  useEffect(() => {
    if (!scanner) return;
    return scanner.handle((text) => {
      void open(text, readRememberedKind()).then((destination) => {
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
  }, [scanner, open, navigate]);
}
