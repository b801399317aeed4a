import type { ReactNode } from 'react';
import { Box, SimpleGrid, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export interface RecordField {
  label: string;
  value: ReactNode;
}

/** The record's key fields as a description list; missing values say so instead of leaving a gap. */
export function RecordFields({ fields }: { fields: RecordField[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map(({ label, value }) => (
        <Box key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {isMissing(value) ? (
              <Text span c="dimmed" fs="italic">
                <FormattedMessage
                  defaultMessage="Not set"
                  id="Sl1fDo"
                  description="A record field without a value"
                />
              </Text>
            ) : (
              value
            )}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function isMissing(value: ReactNode): boolean {
  return value === null || value === undefined || value === '';
}
