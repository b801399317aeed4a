import { useId, type ReactNode } from 'react';
import { Stack, Title, type StackProps } from '@mantine/core';

/** A part of a page under its own heading (an h2, sized as h3), which names the part for screen readers. */
export function HeadedSection({
  heading,
  gap,
  children,
}: {
  heading: ReactNode;
  gap: StackProps['gap'];
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap={gap}>
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
