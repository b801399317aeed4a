import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useKeptRecordTime } from '../../components/keptRecordsContext.tsx';
import { recordKindInfo, type RecordKind } from '../../records/recordKinds.ts';
import { formatAge } from './formatAge.ts';
import type { ReachabilityState } from '../../lib/reachability.ts';

/** The time now, again every 30 s, so "saved 12 min ago" moves on while the page stays open. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * How old what a record page shows is, when it cannot be checked (offline, the server cannot be
 * reached, or the last refresh failed): "Offline · saved 12 min ago". Nothing while the page is fresh.
 */
export function KeptAge({
  kind,
  id,
  reachability,
}: {
  kind: RecordKind;
  id: number;
  reachability: ReachabilityState;
}) {
  const intl = useIntl();
  const savedAt = useKeptRecordTime(recordKindInfo(kind).typename, id);
  const now = useNow();
  if (savedAt === undefined) return null;
  const age = formatAge(Math.max(0, now - savedAt), new Date(savedAt), intl);
  return (
    <Text size="sm" fw={600} role="status" data-testid="kept-age">
      {reachability === 'unreachable' ? (
        <FormattedMessage
          defaultMessage="Cannot reach the server · saved {age}; refreshed by itself when it answers again."
          id="DoH4DV"
          description="A record page shown from what the tablet kept while the Wi-Fi carries nothing to the server; age is e.g. '12 min ago'"
          values={{ age }}
        />
      ) : reachability === 'offline' ? (
        <FormattedMessage
          defaultMessage="Offline · saved {age}; refreshed by itself when the network is back."
          id="D3f6ZX"
          description="A record page shown from what the tablet kept; age is e.g. '12 min ago'"
          values={{ age }}
        />
      ) : (
        <FormattedMessage
          defaultMessage="Not refreshed · saved {age}; refreshed by itself when the network is back."
          id="ctHzwZ"
          description="A record page whose last refresh failed; age is e.g. '12 min ago'"
          values={{ age }}
        />
      )}
    </Text>
  );
}
