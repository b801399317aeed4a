import { useIntl } from 'react-intl';
import { RUN_STATUSES, RUNS_SEARCH, type RunsSearch } from './runsSearch.ts';
import { ListEnumSelect, ListFilters, type ListCriteriaProps } from '../../components/list/ListInputs.tsx';

/** Search as you type, status and sort; the URL holds the values, these inputs edit them. */
export function RunsFilters({ search, onChange }: ListCriteriaProps<RunsSearch>) {
  const intl = useIntl();
  return (
    <ListFilters
      search={search}
      searchLabel={intl.formatMessage({
        defaultMessage: 'Search serial, run, part or procedure',
        id: '8an8kN',
      })}
      list={RUNS_SEARCH}
      onChange={onChange}
    >
      <ListEnumSelect
        label={intl.formatMessage({
          defaultMessage: 'Status',
          id: 'aw8Tip',
          description: "A run's status (to do, in progress, complete…)",
        })}
        all={intl.formatMessage({
          defaultMessage: 'Any status',
          id: 'ZZaXqQ',
          description: 'No filter by run status',
        })}
        values={RUN_STATUSES}
        value={search.status}
        onPick={(status) => onChange({ status }, false)}
      />
    </ListFilters>
  );
}
