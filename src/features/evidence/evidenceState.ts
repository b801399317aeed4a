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
export function summaryText(summary: EvidenceSummary): string {
  if (summary.slots === 0) return 'No files asked for';
  if (summary.required === 0) {
    return `${summary.attached} of ${summary.slots} optional ${plural(summary.slots, 'file')} attached`;
  }
  return `${summary.requiredAttached} of ${summary.required} required ${plural(summary.required, 'file')} attached`;
}

/** Whether the step is still missing a required file. */
export function missesEvidence(summary: EvidenceSummary): boolean {
  return summary.requiredAttached < summary.required;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
