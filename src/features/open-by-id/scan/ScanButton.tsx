import { lazy } from 'react';
import { IconScan } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useScanner } from '../../../scanner/scannerContext.tsx';
import { LazyDialogButton } from '../../../components/LazyDialogButton.tsx';

// The camera scanner (and ZXing where needed) loads when first used, never with the page.
const ScanDialog = lazy(() => import('./ScanDialog.tsx'));

/** The header's Scan button: the tablet's camera as a scanner, its reads handled like any scan. */
export function ScanButton() {
  const scanner = useScanner();
  if (!scanner) return null;
  return (
    <LazyDialogButton
      size="md"
      leftSection={<IconScan size={22} aria-hidden />}
      dialog={(close) => <ScanDialog onClose={close} onScan={(text) => scanner.deliver(text)} />}
    >
      <FormattedMessage
        defaultMessage="Scan"
        id="ZPzx1u"
        description="Button: scan a label with the camera"
      />
    </LazyDialogButton>
  );
}
