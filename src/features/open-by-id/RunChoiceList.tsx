import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import readable from '../../components/readable.module.css';
import { partRevisionText, type SerialMatch } from '../runs/index.ts';
import { recordWithTitle } from '../../records/recordKinds.ts';

interface Props {
  serial: string;
  runs: SerialMatch[];
  /** Called when a run is picked (a dialog closes itself). */
  onPick?(): void;
}

/** The runs a serial or lot names, when it names more than one: each a link to its run. */
export function RunChoiceList({ serial, runs, onPick }: Props) {
  const intl = useIntl();
  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={intl.formatMessage(
        {
          defaultMessage: 'Runs with {serial}',
          id: 'XPCcTe',
          description: '{serial} is a serial or lot number ("SN 0041") or what was scanned',
        },
        { serial },
      )}
    >
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        <FormattedMessage
          defaultMessage="{count, plural, one {# run has {serial}. Which one?} other {# runs have {serial}. Which one?}}"
          id="4LwYI+"
          description="Several runs carry the serial or lot number scanned or typed ({serial}, e.g. SN 0041); the technician picks one below"
          values={{ count: runs.length, serial }}
        />
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
              {[
                recordWithTitle('run', run.id, run.title, intl),
                run.part && partRevisionText(run.part, intl),
                run.procedure,
                formatEnum(run.status),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
