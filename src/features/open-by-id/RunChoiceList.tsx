import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatEnum } from '../../components/formatValue.ts';
import readable from '../../components/readable.module.css';
import type { SerialMatch } from '../runs/index.ts';

interface Props {
  serial: string;
  runs: SerialMatch[];
  /** Called when a run is picked (a dialog closes itself). */
  onPick?(): void;
}

/** The runs a serial or lot names, when it names more than one: each a link to its run. */
export function RunChoiceList({ serial, runs, onPick }: Props) {
  return (
    <Stack gap="xs" role="group" aria-label={`Runs with ${serial}`}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {runs.length} runs have {serial}. Which one?
      </Text>
      <List listStyleType="none" spacing={4} p={0}>
        {runs.map((run) => (
          <List.Item key={run.id}>
            <Anchor
              className={readable.link}
              renderRoot={(props) => <Link {...props} to="/runs/$id" params={{ id: String(run.id) }} />}
              onClick={onPick}
              style={{
                display: 'inline-flex',
                minHeight: 44,
                alignItems: 'center',
                overflowWrap: 'anywhere',
              }}
            >
              {[`Run ${run.id}: ${run.title}`, run.part, run.procedure, formatEnum(run.status)]
                .filter(Boolean)
                .join(' · ')}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
