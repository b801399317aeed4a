import { lazy } from 'react';
import { IconQrcode } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { RecordLabelProps } from './RecordLabelDialog.tsx';
import { LazyDialogButton } from '../../components/LazyDialogButton.tsx';

const RecordLabelDialog = lazy(() => import('./RecordLabelDialog.tsx'));

/** "Label": shows and prints this record's QR label. */
export function RecordLabelButton(props: RecordLabelProps) {
  return (
    <LazyDialogButton
      variant="default"
      // Beside a long record title the button keeps its width; it would be squeezed and cut otherwise.
      style={{ flexShrink: 0 }}
      leftSection={<IconQrcode size={20} aria-hidden />}
      dialog={(close) => <RecordLabelDialog {...props} onClose={close} />}
    >
      <FormattedMessage
        defaultMessage="Label"
        id="eLD+UC"
        description="Button (a noun): shows the record's QR label to print and stick on a part or bin"
      />
    </LazyDialogButton>
  );
}
