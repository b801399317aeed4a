import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { appIntl } from '../i18n';

/**
 * The API's enum values as a technician reads them, in the language in force. A value the schema
 * adds later shows as its words (`NEW_STATE` → `New state`) until it has a message here.
 */
const ENUM_WORDS: Record<string, MessageDescriptor> = defineMessages({
  PART: { defaultMessage: 'Part', id: 'GhQzEK', description: 'Type of a part record: a part (not a tool)' },
  TOOL: {
    defaultMessage: 'Tool',
    id: 'YnI7Ni',
    description: 'Type of a part record or of a run step field: a tool',
  },
  SERIAL: { defaultMessage: 'Serial', id: 'w8UJsC', description: 'How a part is tracked: by serial number' },
  LOT: { defaultMessage: 'Lot', id: '3bJ+my', description: 'How a part is tracked: by lot number' },
  MAKE: { defaultMessage: 'Make', id: 'SW3Usj', description: 'How a part is sourced: made in house' },
  BUY: { defaultMessage: 'Buy', id: '7aDNFE', description: 'How a part is sourced: bought from a supplier' },
  DUAL_SOURCE: {
    defaultMessage: 'Dual source',
    id: 'RGo7X2',
    description: 'How a part is sourced: both made in house and bought',
  },
  DRAFT: {
    defaultMessage: 'Draft',
    id: '+/gIoM',
    description: 'Status of a procedure or step: not released yet',
  },
  RELEASED: {
    defaultMessage: 'Released',
    id: 'lNC5wi',
    description: 'Status of a procedure or step: in use',
  },
  ARCHIVED: {
    defaultMessage: 'Archived',
    id: 'yb/zMg',
    description: 'Status of a procedure or step: no longer used',
  },
  IN_REVIEW: {
    defaultMessage: 'In review',
    id: '4RkDHG',
    description: 'Status of a procedure or step: being reviewed',
  },
  BUILD: { defaultMessage: 'Build', id: '4pyKm0', description: 'Type of a procedure: building a product' },
  INSPECTION: { defaultMessage: 'Inspection', id: 'HVlh/8', description: 'Type of a procedure' },
  MAINTENANCE: { defaultMessage: 'Maintenance', id: 'EpXeaU', description: 'Type of a procedure' },
  CONTENT: { defaultMessage: 'Content', id: 'dq6kHO', description: 'Type of a step: instructions to read' },
  DATAGRID: {
    defaultMessage: 'Datagrid',
    id: 'dQmDCp',
    description: 'Type of a step: a table of values to fill in',
  },
  TODO: { defaultMessage: 'Todo', id: 's1QDUc', description: 'Status of a run or run step: not started' },
  IN_PROGRESS: { defaultMessage: 'In progress', id: 'CHVJ2L', description: 'Status of a run or run step' },
  FAILED: { defaultMessage: 'Failed', id: 'rWLIoA', description: 'Status of a run or run step' },
  COMPLETE: {
    defaultMessage: 'Complete',
    id: 'xOFI+b',
    description: 'Status of a run or run step: finished',
  },
  REDLINE: {
    defaultMessage: 'Redline',
    id: 'r2FGWa',
    description: 'Status of a run or run step: its instructions are being corrected on the floor',
  },
  CANCELED: { defaultMessage: 'Canceled', id: 'h8WFGI', description: 'Status of a run or run step' },
  HOLD: { defaultMessage: 'Hold', id: 'eLV+V+', description: 'Status of a run or run step: on hold' },
  PARTIAL_COMPLETE: {
    defaultMessage: 'Partial complete',
    id: 'hShfVa',
    description: 'Status of a run: partly finished',
  },
  DAG_MODIFIABLE: {
    defaultMessage: 'Dag modifiable',
    id: 'b/NpNo',
    description: 'Status of a run step: the order of steps can still be changed',
  },
  STRING: { defaultMessage: 'String', id: 'sJ416G', description: 'Type of a run step field: text' },
  NUMBER: { defaultMessage: 'Number', id: 'LbNhqP', description: 'Type of a run step field' },
  BOOLEAN: { defaultMessage: 'Boolean', id: 'PhG8IA', description: 'Type of a run step field: yes or no' },
  SELECT: {
    defaultMessage: 'Select',
    id: 'w3yRRO',
    description: 'Type of a run step field: one choice from a list',
  },
  MULTISELECT: {
    defaultMessage: 'Multiselect',
    id: '7uAaMR',
    description: 'Type of a run step field: several choices from a list',
  },
  DATETIME: {
    defaultMessage: 'Datetime',
    id: 'pbW5yt',
    description: 'Type of a run step field: a date and time',
  },
  FILE_ATTACHMENT: {
    defaultMessage: 'File attachment',
    id: 'w2j7UA',
    description: 'Type of a run step field: files',
  },
  ION: {
    defaultMessage: 'Ion',
    id: 'R6LzXe',
    description: 'Type of a run step field: a link to a part or a person',
  },
  SIGNOFF: { defaultMessage: 'Signoff', id: 'btOXNt', description: 'Type of a run step field: a signature' },
});

/** `IN_PROGRESS` → `In progress`: the API's enum values as a technician reads them. */
export function formatEnum(value: string | null | undefined, intl: IntlShape = appIntl()): string | null {
  if (!value) return null;
  const known = Object.hasOwn(ENUM_WORDS, value) ? ENUM_WORDS[value] : undefined;
  if (known) return intl.formatMessage(known);
  const words = value.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
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
