import { useIntl } from 'react-intl';
import { ListEnumSelect, ListFilters, ListTextFilter, type ListCriteriaProps } from './ListInputs.tsx';
import type { ListFilterField, ListKind } from './listKind.ts';
import type { ListSearch } from './listSearch.ts';

/**
 * A list kind's search box, its filters and its sort: the URL holds the values, these inputs edit
 * them. An enum filter applies at once; a text filter, as the search box, after a typing pause.
 */
export function ListKindFilters<S extends ListSearch<string>>({
  kind,
  search,
  onChange,
}: ListCriteriaProps<S> & { kind: Pick<ListKind<S, never>, 'search' | 'searchLabel' | 'filters'> }) {
  const intl = useIntl();
  const pick = (field: ListFilterField<S>, value: string | undefined, typing: boolean) =>
    onChange({ [field.name]: value } as Partial<S>, typing);
  return (
    <ListFilters
      search={search}
      searchLabel={intl.formatMessage(kind.searchLabel)}
      list={kind.search}
      onChange={onChange}
    >
      {kind.filters(intl).map((field) => {
        const value = search[field.name] as string | undefined;
        return field.values && field.all ? (
          <ListEnumSelect
            key={field.name}
            label={field.label}
            all={field.all}
            values={field.values}
            value={value}
            onPick={(picked) => pick(field, picked, false)}
          />
        ) : (
          <ListTextFilter
            key={field.name}
            label={field.label}
            value={value}
            onType={(typed) => pick(field, typed, true)}
          />
        );
      })}
    </ListFilters>
  );
}
