import type { ReactNode } from 'react';
import { Group, Loader, Text } from '@mantine/core';

/** A spinner and what is being done ("Signing out…"); `announce` makes it a status screen readers read. */
export function Busy({ announce = false, children }: { announce?: boolean; children: ReactNode }) {
  return (
    <Group gap="sm" role={announce ? 'status' : undefined}>
      <Loader size="sm" />
      <Text>{children}</Text>
    </Group>
  );
}
