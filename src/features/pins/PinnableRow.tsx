import type { ReactNode } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { CompactPinToggle, PinStatusLine, type PinnableRecord } from './PinControl.tsx';
import { usePinnedSnapshot } from '../../pins/pinnedRecordsContext.tsx';
import { pinKey } from '../../pins/pinnedPorts.ts';

/** A row of records (the recent list) with the record's pin toggle at its end and the pin's state under it. */
export function PinnableRow({ record, children }: { record: PinnableRecord; children: ReactNode }) {
  const { pins } = usePinnedSnapshot();
  const key = pinKey(record);
  const pin = pins.find((candidate) => pinKey(candidate) === key);
  return (
    <Stack gap={0} pb={pin ? 'xs' : 0}>
      <Group wrap="nowrap" gap="sm" align="center">
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <CompactPinToggle record={record} />
      </Group>
      {pin && <PinStatusLine pin={pin} />}
    </Stack>
  );
}
