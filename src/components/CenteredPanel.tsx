import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';

/** The frame for pages outside the shell (sign-in, callback, errors). */
export function CenteredPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
