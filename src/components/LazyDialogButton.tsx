import { Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

interface Props extends ButtonProps {
  /** The button's words. */
  children: ReactNode;
  /** Its name for screen readers where the words alone would not say for what. */
  'aria-label'?: string;
  /** The dialog is open from the first render (e.g. the camera a technician asked for when scanning). */
  openAtStart?: boolean;
  /** The dialog while it is open, usually a `lazy` component; `close` unmounts it. */
  dialog(close: () => void): ReactNode;
}

/**
 * A button that opens a dialog whose code loads when first pressed, never with the page: the dialog
 * is mounted only while open, and nothing shows while its code is still loading.
 */
export function LazyDialogButton({ children, dialog, openAtStart = false, ...button }: Props) {
  const [open, setOpen] = useState(openAtStart);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  );
}
