import type { MarkupDraft } from '../../upload/types.ts';

export interface MarkupResult {
  /** The marked copy: `<name>.marked.jpg`, upright, within the photo cap. */
  file: File;
  /** The marks as data, as they were at saving. */
  draft: MarkupDraft;
  /** Whether the original (when it is not attached yet) should be attached too. */
  keepOriginal: boolean;
}

export interface MarkupEditorProps {
  image: Blob;
  filename: string;
  /** Marks saved earlier, reopened editable. */
  initial?: MarkupDraft;
  /** The original is not attached yet: offer to keep it out. */
  offerKeepOriginal?: boolean;
  /** Every change of the marks, given where they are kept (with a queued photo, for a reload). */
  onChange?(draft: MarkupDraft): void;
  onSave(result: MarkupResult): Promise<void> | void;
  onCancel(): void;
}
