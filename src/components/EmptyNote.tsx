import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** What a list says in its place while it has nothing in it: one dimmed sentence. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}
