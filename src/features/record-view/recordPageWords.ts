import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { RecordKind } from '../../records/recordKinds.ts';

/**
 * The record page's sentences that name the kind of record: one sentence each, the kind's word chosen
 * by `kind` (each language gives each kind its own grammar). recordPageWords.test.ts checks every kind.
 */
const WORDS: Record<'notAnId' | 'loading' | 'notThere', MessageDescriptor> = defineMessages({
  notAnId: {
    defaultMessage:
      '{kind, select, part {“{id}” is not a part id} run {“{id}” is not a run id} procedure {“{id}” is not a procedure id} step {“{id}” is not a procedure step id} runStep {“{id}” is not a run step id} runStepField {“{id}” is not a run step field id} other {}}',
    id: '1vHO4R',
    description: "Title: a URL's id that is not a record id, by the kind of record (run: a production run)",
  },
  loading: {
    defaultMessage:
      '{kind, select, part {Loading part {id}…} run {Loading run {id}…} procedure {Loading procedure {id}…} step {Loading procedure step {id}…} runStep {Loading run step {id}…} runStepField {Loading run step field {id}…} other {}}',
    id: 'j0NxV5',
    description: 'A record page while its record loads, by the kind of record (run: a production run)',
  },
  notThere: {
    defaultMessage:
      '{kind, select, part {There is no part with id {id}, or you may not see it. Check the number and try again.} run {There is no run with id {id}, or you may not see it. Check the number and try again.} procedure {There is no procedure with id {id}, or you may not see it. Check the number and try again.} step {There is no procedure step with id {id}, or you may not see it. Check the number and try again.} runStep {There is no run step with id {id}, or you may not see it. Check the number and try again.} runStepField {There is no run step field with id {id}, or you may not see it. Check the number and try again.} other {}}',
    id: 'QtH9ZD',
    description: 'A record that was not found, by the kind of record (run: a production run)',
  },
});

/** “abc” is not a run id: the title when the URL's id (as typed, shortened) is not a record id. */
export function notAnIdTitle(kind: RecordKind, id: string, intl: IntlShape): string {
  return intl.formatMessage(WORDS.notAnId, { kind, id });
}

/** Loading run 42…: what a record page says while its record loads. */
export function loadingText(kind: RecordKind, id: number, intl: IntlShape): string {
  return intl.formatMessage(WORDS.loading, { kind, id });
}

/** There is no run with id 42…: what a record page says when the record is not there. */
export function notThereText(kind: RecordKind, id: number, intl: IntlShape): string {
  return intl.formatMessage(WORDS.notThere, { kind, id });
}
