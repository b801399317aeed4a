import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';

interface Props {
  page: number;
  pageSize: number;
  shown: number;
  /** How many rows there are in all, with their name: `1,234 parts`. */
  count: string;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** A step to the page before (`back`, its arrow first) or after (its arrow last). */
function PageStep({
  back = false,
  disabled,
  onClick,
  children,
}: {
  back?: boolean;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  const Arrow = back ? IconArrowLeft : IconArrowRight;
  const arrow = <Arrow size={18} aria-hidden="true" />;
  return (
    <Button
      variant="default"
      leftSection={back ? arrow : undefined}
      rightSection={back ? undefined : arrow}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** Where in the list this page is, and the way to the pages before and after it. */
export function ListPager(props: Props) {
  const { page, pageSize, shown, count, hasPrevious, hasNext, busy, onPrevious, onNext } = props;
  const from = (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text aria-live="polite">
        {shown === 0 ? (
          count
        ) : (
          <FormattedMessage
            defaultMessage="Showing {from, number}–{to, number} of {count}"
            id="SQ7++S"
            description="Where a list's page is: its first and last rows, of the list's count with its name (e.g. 1,234 parts)"
            values={{ from, to: from + shown - 1, count }}
          />
        )}
      </Text>
      <Group gap="sm">
        <PageStep back disabled={!hasPrevious || busy} onClick={onPrevious}>
          <FormattedMessage defaultMessage="Previous page" id="k9hDFZ" />
        </PageStep>
        <PageStep disabled={!hasNext || busy} onClick={onNext}>
          <FormattedMessage defaultMessage="Next page" id="rBj9Ib" />
        </PageStep>
      </Group>
    </Group>
  );
}
