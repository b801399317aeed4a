import { useIntl } from 'react-intl';
import { PART_TYPES, PARTS_SEARCH, type PartsSearch } from './partsSearch.ts';
import {
  ListEnumSelect,
  ListFilters,
  type ListCriteriaProps,
  ListTextFilter,
} from '../../components/list/ListInputs.tsx';

/** Search as you type, part type, revision and sort; the URL holds the values, these inputs edit them. */
export function PartsFilters({ search, onChange }: ListCriteriaProps<PartsSearch>) {
  const intl = useIntl();
  return (
    <ListFilters
      search={search}
      searchLabel={intl.formatMessage({ defaultMessage: 'Search part number or description', id: 'z0wqL7' })}
      list={PARTS_SEARCH}
      onChange={onChange}
    >
      <ListEnumSelect
        label={intl.formatMessage({
          defaultMessage: 'Type',
          id: 'uz1Sk0',
          description: "A part's type (part or tool)",
        })}
        all={intl.formatMessage({
          defaultMessage: 'All types',
          id: 'fgHJPN',
          description: 'No filter by part type',
        })}
        values={PART_TYPES}
        value={search.type}
        onPick={(type) => onChange({ type }, false)}
      />
      <ListTextFilter
        label={intl.formatMessage({
          defaultMessage: 'Revision',
          id: 'AXbv/L',
          description: "A part's revision (e.g. Rev C)",
        })}
        value={search.rev}
        onType={(rev) => onChange({ rev }, true)}
      />
    </ListFilters>
  );
}
