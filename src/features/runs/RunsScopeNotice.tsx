import { Button, Group, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { ListCriteriaProps } from '../../components/list/ListInputs.tsx';
import type { RunsSearch } from './runsSearch.ts';

/** That the list shows only one part's or one procedure's runs (a record page's link), and a way to all. */
export function RunsScopeNotice({ search, onChange }: ListCriteriaProps<RunsSearch>) {
  const scope = search.part
    ? { kind: 'part', id: String(search.part) }
    : search.procedure
      ? { kind: 'procedure', id: String(search.procedure) }
      : null;
  if (!scope) return null;
  return (
    <Group gap="sm">
      <Text>
        <FormattedMessage
          defaultMessage="{kind, select, part {Only the runs of part {id}.} other {Only the runs of procedure {id}.}}"
          id="6nLIX3"
          description="The runs list shows only the runs of one part or one procedure (its number)"
          values={{ kind: scope.kind, id: scope.id }}
        />
      </Text>
      <Button variant="light" onClick={() => onChange({ part: undefined, procedure: undefined }, false)}>
        <FormattedMessage defaultMessage="Show all runs" id="xvkrFf" />
      </Button>
    </Group>
  );
}
