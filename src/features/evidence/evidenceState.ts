import type { IntlShape } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';

/**
 * Which evidence a run step still misses. A run step's FILE_ATTACHMENT fields are its evidence: a
 * required one left empty keeps the step from being completed (see RunStepField in the schema).
 */
export interface EvidenceField {
  type?: string | null;
  required: boolean;
  fileAttachmentId?: number | null;
  /** Files on the field's entity, when the page read them; a fresh upload lands here first. */
  attachedCount?: number;
}

export interface EvidenceSummary {
  /** FILE_ATTACHMENT fields. */
  slots: number;
  required: number;
  requiredAttached: number;
  attached: number;
}

export function isEvidenceField(field: { type?: string | null }): boolean {
  return field.type === 'FILE_ATTACHMENT';
}

export function isAttached(field: EvidenceField): boolean {
  return field.fileAttachmentId != null || (field.attachedCount ?? 0) > 0;
}

/** Required slots first, then the step's own order (a stable sort keeps it). */
export function slotOrder<T extends EvidenceField>(fields: readonly T[]): T[] {
  return fields.filter(isEvidenceField).sort((a, b) => Number(b.required) - Number(a.required));
}

export function summarise(fields: readonly EvidenceField[]): EvidenceSummary {
  const summary: EvidenceSummary = { slots: 0, required: 0, requiredAttached: 0, attached: 0 };
  for (const field of fields) {
    if (!isEvidenceField(field)) continue;
    summary.slots += 1;
    const attached = isAttached(field);
    if (attached) summary.attached += 1;
    if (field.required) {
      summary.required += 1;
      if (attached) summary.requiredAttached += 1;
    }
  }
  return summary;
}

/** "2 of 3 required files attached"; steps that ask for no file say so. */
export function summaryText(summary: EvidenceSummary, intl: IntlShape = appIntl()): string {
  if (summary.slots === 0) {
    return intl.formatMessage({
      defaultMessage: 'No files asked for',
      id: 'WW3Ci1',
      description: 'A run step whose fields ask for no file',
    });
  }
  // Only optional files asked for: all of them count; else the required ones do.
  const optional = summary.required === 0;
  return intl.formatMessage(
    {
      defaultMessage:
        '{which, select, optional {{attached} of {files, plural, one {# optional file} other {# optional files}} attached} other {{attached} of {files, plural, one {# required file} other {# required files}} attached}}',
      id: 'vtfX2v',
      description:
        'The evidence of a run step: how many of its required files are attached, or of its optional files when it asks only for optional ones',
    },
    optional
      ? { which: 'optional', attached: summary.attached, files: summary.slots }
      : { which: 'required', attached: summary.requiredAttached, files: summary.required },
  );
}

/** Whether the step is still missing a required file. */
export function missesEvidence(summary: EvidenceSummary): boolean {
  return summary.requiredAttached < summary.required;
}
