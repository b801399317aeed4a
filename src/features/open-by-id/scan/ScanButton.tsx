import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useScanner } from './scannerContext.tsx';

// The camera scanner (and ZXing where needed) loads when first used, never with the page.
const ScanDialog = lazy(() => import('./ScanDialog.tsx'));

/** The header's Scan button: the tablet's camera as a scanner, its reads handled like any scan. */
export function ScanButton() {
  const scanner = useScanner();
  const [open, setOpen] = useState(false);
  if (!scanner) return null;
  return (
    <>
      <Button size="md" leftSection={<IconScan size={22} aria-hidden />} onClick={() => setOpen(true)}>
        <FormattedMessage
          defaultMessage="Scan"
          id="ZPzx1u"
          description="Button: scan a label with the camera"
        />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScanDialog onClose={() => setOpen(false)} onScan={(text) => scanner.deliver(text)} />
        </Suspense>
      )}
    </>
  );
}
