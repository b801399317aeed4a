import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { PARTS_PAGE_SIZE } from './partsSearch.ts';

interface Props {
  page: number;
  shown: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious(): void;
  onNext(): void;
}

export function PartsPager({ page, shown, total, hasPrevious, hasNext, busy, onPrevious, onNext }: Props) {
  const from = (page - 1) * PARTS_PAGE_SIZE + 1;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text aria-live="polite">
        {shown === 0
          ? `${total.toLocaleString()} parts`
          : `Showing ${from.toLocaleString()}–${(from + shown - 1).toLocaleString()} of ${total.toLocaleString()} parts`}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          disabled={!hasPrevious || busy}
          onClick={onPrevious}
        >
          Previous page
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={18} aria-hidden="true" />}
          disabled={!hasNext || busy}
          onClick={onNext}
        >
          Next page
        </Button>
      </Group>
    </Group>
  );
}
