import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';

/** A preview still loading: a spinner and what is being done ("Opening PDF…"), announced as a status. */
export function PreviewLoading({ children }: { children: ReactNode }) {
  return (
    <Center mih={200} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <Text ms="sm">{children}</Text>
    </Center>
  );
}
