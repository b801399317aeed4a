import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatAge } from './formatAge.ts';
import type { ReachabilityState } from '../lib/reachability.ts';

/**
 * Why what is shown is the kept copy: the network says so (offline, or the server cannot be reached),
 * the last refresh failed, or the server is being asked and has not answered yet.
 */
export type KeptReason = 'offline' | 'unreachable' | 'failed' | 'checking';

/**
 * The reason a kept copy shows, or null when what is shown is fresh: the network first, then a failed
 * refresh, then a question to the server still under way.
 */
export function keptReason(
  reachability: ReachabilityState,
  { failed, checking }: { failed: boolean; checking: boolean },
): KeptReason | null {
  if (reachability !== 'online') return reachability;
  if (failed) return 'failed';
  return checking ? 'checking' : null;
}

/** What the note says for each reason; `age` is e.g. "12 min ago". */
const KEPT_MESSAGES: Record<KeptReason, MessageDescriptor> = defineMessages({
  unreachable: {
    defaultMessage: 'Cannot reach the server · saved {age}; refreshed by itself when it answers again.',
    id: 'DoH4DV',
    description:
      "A record page shown from what the tablet kept while the Wi-Fi carries nothing to the server; age is e.g. '12 min ago'",
  },
  offline: {
    defaultMessage: 'Offline · saved {age}; refreshed by itself when the network is back.',
    id: 'D3f6ZX',
    description: "A record page shown from what the tablet kept; age is e.g. '12 min ago'",
  },
  failed: {
    defaultMessage: 'Not refreshed · saved {age}; refreshed by itself when the network is back.',
    id: 'ctHzwZ',
    description: "A record page whose last refresh failed; age is e.g. '12 min ago'",
  },
  checking: {
    defaultMessage: 'Kept copy · saved {age}; checking with the server…',
    id: 'ibcFyo',
    description:
      "A list or record page shows what the tablet kept while the server is asked for the current one; age is e.g. '12 min ago'",
  },
});

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
 * "Offline · saved 12 min ago; …": what a page or list shows is the copy kept on this tablet, how old
 * it is (`savedAt`, clock time; "earlier" when not known) and why it is not fresher.
 */
export function KeptNote({ savedAt, reason }: { savedAt: number | undefined; reason: KeptReason }) {
  const intl = useIntl();
  const now = useNow();
  const age =
    savedAt === undefined
      ? intl.formatMessage({
          defaultMessage: 'earlier',
          id: '+KXkth',
          description: 'When a kept copy was saved is not known, as in "saved earlier"',
        })
      : formatAge(Math.max(0, now - savedAt), new Date(savedAt), intl);
  return (
    <Text size="sm" fw={600} role="status" data-testid="kept-age" data-reason={reason}>
      {intl.formatMessage(KEPT_MESSAGES[reason], { age })}
    </Text>
  );
}
