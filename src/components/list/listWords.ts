import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { ListWords } from './CursorList.tsx';

/** The server-side lists the app browses (a ListKind's `name`). */
export const LIST_NAMES = ['parts', 'runs'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/**
 * A list's sentences that name what it lists: one sentence each, the list chosen by `list` (each
 * language gives each list its own grammar). listWords.test.ts checks every list.
 */
const WORDS: Record<keyof ListWords, MessageDescriptor> = defineMessages({
  failed: {
    defaultMessage:
      '{list, select, parts {Parts could not be loaded} runs {Runs could not be loaded} other {}}',
    id: 'bVfSwU',
    description: 'A list that could not be loaded, by the list (runs: production runs)',
  },
  loading: {
    defaultMessage: '{list, select, parts {Loading parts…} runs {Loading runs…} other {}}',
    id: 'Xn6G9A',
    description: 'A list while its first rows load, by the list (runs: production runs)',
  },
  noneMatch: {
    defaultMessage: '{list, select, parts {No parts match} runs {No runs match} other {}}',
    id: 'oYYwI5',
    description: 'Title: no rows match the search or filters, by the list (runs: production runs)',
  },
  noneYet: {
    defaultMessage: '{list, select, parts {No parts yet} runs {No runs yet} other {}}',
    id: 'ytlSd4',
    description: 'Title: a list with no rows at all, by the list (runs: production runs)',
  },
  noneToShow: {
    defaultMessage:
      '{list, select, parts {There are no parts to show.} runs {There are no runs to show.} other {}}',
    id: '3SHsLu',
    description: 'A list with no rows at all, by the list (runs: production runs)',
  },
  count: {
    defaultMessage:
      '{list, select, parts {{total, plural, one {# part} other {# parts}}} runs {{total, plural, one {# run} other {# runs}}} other {}}',
    id: 'LvJ12Z',
    description: 'How many rows the list holds in all, after "Showing 1–25 of", by the list',
  },
});

/** What a list says while it loads, fails, is empty, and how many rows it holds: `1,234 parts`. */
export function listWords(list: ListName, intl: IntlShape): ListWords {
  const say = (words: MessageDescriptor) => intl.formatMessage(words, { list });
  return {
    failed: say(WORDS.failed),
    loading: say(WORDS.loading),
    noneMatch: say(WORDS.noneMatch),
    noneYet: say(WORDS.noneYet),
    noneToShow: say(WORDS.noneToShow),
    count: (total) => intl.formatMessage(WORDS.count, { list, total }),
  };
}
