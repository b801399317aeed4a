import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';

interface Props {
  page: number;
  pageSize: number;
  /** What the rows are, plural ("parts", "runs"). */
  noun: string;
  shown: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** Where in the list this page is, and the way to the pages before and after it. */
export function ListPager(props: Props) {
  const { page, pageSize, noun, shown, total, hasPrevious, hasNext, busy, onPrevious, onNext } = props;
  const from = (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text aria-live="polite">
        {shown === 0
          ? `${total.toLocaleString()} ${noun}`
          : `Showing ${from.toLocaleString()}–${(from + shown - 1).toLocaleString()} of ${total.toLocaleString()} ${noun}`}
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
