import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { Busy } from '../../components/Busy.tsx';

interface Props {
  failed: boolean;
  /** Why it failed, in the technician's words; shown as an alert. */
  failure: ReactNode;
  /** What is under way meanwhile; nothing is shown while waiting without it. */
  busy?: ReactNode;
}

/** How far a sign-in has got, on the pages outside the shell: under way, or failed and why. */
export function SignInProgress({ failed, failure, busy }: Props) {
  if (failed) {
    return (
      <Alert color="red" role="alert">
        {failure}
      </Alert>
    );
  }
  return busy ? <Busy>{busy}</Busy> : null;
}
