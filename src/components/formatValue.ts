import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { appIntl } from '../i18n/index.ts';

/**
 * The API's enum values as a technician reads them, in the language in force: one message, so that a
 * translator sees every value of every kind side by side. A value the schema adds later shows as its
 * words (`NEW_STATE` → `New state`) until it has a case here.
 */
const ENUM_WORDS: MessageDescriptor = defineMessage({
  defaultMessage:
    '{value, select,' +
    ' PART {Part} TOOL {Tool}' +
    ' SERIAL {Serial} LOT {Lot}' +
    ' MAKE {Make} BUY {Buy} DUAL_SOURCE {Dual source}' +
    ' DRAFT {Draft} RELEASED {Released} ARCHIVED {Archived} IN_REVIEW {In review}' +
    ' BUILD {Build} INSPECTION {Inspection} MAINTENANCE {Maintenance}' +
    ' CONTENT {Content} DATAGRID {Datagrid}' +
    ' TODO {Todo} IN_PROGRESS {In progress} FAILED {Failed} COMPLETE {Complete} REDLINE {Redline}' +
    ' CANCELED {Canceled} HOLD {Hold} PARTIAL_COMPLETE {Partial complete} DAG_MODIFIABLE {Dag modifiable}' +
    ' STRING {String} NUMBER {Number} BOOLEAN {Boolean} SELECT {Select} MULTISELECT {Multiselect}' +
    ' DATETIME {Datetime} FILE_ATTACHMENT {File attachment} ION {Ion} SIGNOFF {Signoff}' +
    ' other {{words}}}',
  id: 'QCGvD9',
  description:
    'A value of a record field, by kind: a part is a PART or a TOOL, tracked by SERIAL or LOT number, ' +
    'made (MAKE), bought (BUY) or both (DUAL_SOURCE); a procedure or step is DRAFT, RELEASED, ARCHIVED or ' +
    'IN_REVIEW; a procedure is for BUILD, INSPECTION or MAINTENANCE; a step is CONTENT (instructions to ' +
    'read) or a DATAGRID (a table to fill in); a run or run step is TODO … PARTIAL_COMPLETE (partly ' +
    'finished), REDLINE (its instructions are being corrected on the floor), DAG_MODIFIABLE (the order of ' +
    'steps can still be changed); a run step field holds a STRING (text), NUMBER, BOOLEAN (yes or no), ' +
    'SELECT (one choice), MULTISELECT (several), DATETIME, FILE_ATTACHMENT (files), ION (a link to a part ' +
    'or a person) or SIGNOFF (a signature). {words}: a value with no words yet, as it is',
});

/** `IN_PROGRESS` → `In progress`: the API's enum values as a technician reads them. */
export function formatEnum(value: string | null | undefined, intl: IntlShape = appIntl()): string | null {
  if (!value) return null;
  const lower = value.toLowerCase().replace(/_/g, ' ').trim();
  const words = lower.charAt(0).toUpperCase() + lower.slice(1);
  return intl.formatMessage(ENUM_WORDS, { value, words });
}

/** A date and time from the API, to the second, as the language in force writes them. */
export function formatDate(value: string | null | undefined, intl: IntlShape = appIntl()): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : intl.formatDate(date, {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
}

export function formatNumber(value: number | null | undefined, intl: IntlShape = appIntl()): string | null {
  return value === null || value === undefined ? null : intl.formatNumber(value);
}

const YES_NO = defineMessages({
  yes: { defaultMessage: 'Yes', id: 'b88oTD', description: 'A yes/no value of a record field' },
  no: { defaultMessage: 'No', id: 'G3QyJT', description: 'A yes/no value of a record field' },
});

export function formatYesNo(value: boolean, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(value ? YES_NO.yes : YES_NO.no);
}

/** Run step field values can be any JSON scalar or list; they are shown as text, never as markup. */
export function formatScalar(value: unknown, intl: IntlShape = appIntl()): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return formatYesNo(value, intl);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
