import { safeName, UniquePaths } from './safeNames.ts';
import type { PackageFile, PackageHeading, PackagePlan } from './packageTypes.ts';

/** An attachment as the API lists it (PackageFile fragment). */
export interface ListedFile {
  id: number;
  filename?: string | null;
  contentType?: string | null;
  _created?: string | null;
  createdBy?: { name?: string | null } | null;
}

/** A field's files (a run step field's), named for the field in the package. */
export interface ListedField {
  name: string;
  position?: number | null;
  files: ListedFile[];
}

/** A run step with its own files and its fields' files, in the order the run shows them. */
export interface ListedStep {
  title: string;
  position?: number | null;
  files: ListedFile[];
  fields: ListedField[];
}

/** The longest step folder name (bytes): a folder and a file name together stay well inside 260 characters. */
const FOLDER_BYTES = 64;

const byPosition = <T extends { position?: number | null }>(items: readonly T[]): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.position ?? a.index) - (b.item.position ?? b.index) || a.index - b.index)
    .map(({ item }) => item);

const byId = (files: readonly ListedFile[]) => [...files].sort((a, b) => a.id - b.id);

/**
 * Where every file goes, as a person would look for it: the record's own files at the top (a run
 * step's package: its own, then its fields' named for their field), then a
 * folder per step numbered as the app numbers it ("02 Machine per program"), its fields' files in it named
 * for their field ("Torque photo - torque.jpg", so a field's evidence sorts together and keeps the
 * name it was attached under). Every name is safe on Windows, macOS and Linux; none is given twice.
 */
export function planPackage(input: {
  heading: PackageHeading;
  zipName: string;
  own: readonly ListedFile[];
  /** The record's own fields (a run step's): their files at the top, named for their field. */
  ownFields?: readonly ListedField[];
  steps?: readonly ListedStep[];
}): PackagePlan {
  const paths = new UniquePaths();
  // The manifest's own names come last in the ZIP, but are taken first so no file is named like them.
  paths.claim('', 'index.csv');
  paths.claim('', 'index.html');
  const files: PackageFile[] = [];
  const add = (listed: ListedFile, folder: string, step: string | null, field: string | null) => {
    const shown = listed.filename?.trim() ? listed.filename : null;
    const base = shown ?? `attachment-${listed.id}`;
    const name = safeName(field ? `${field} - ${base}` : base, `attachment-${listed.id}`);
    files.push({
      attachmentId: listed.id,
      appName: shown,
      zipPath: paths.claim(folder, name),
      step,
      field,
      contentType: listed.contentType ?? null,
      addedBy: listed.createdBy?.name ?? null,
      addedAt: listed._created ?? null,
    });
  };
  const addFields = (fields: readonly ListedField[], folder: string, step: string | null) => {
    for (const field of byPosition(fields)) {
      for (const listed of byId(field.files)) add(listed, folder, step, field.name);
    }
  };
  for (const listed of byId(input.own)) add(listed, '', null, null);
  addFields(input.ownFields ?? [], '', null);
  const steps = byPosition(input.steps ?? []);
  const numbers = steps.map((step, index) => step.position ?? index + 1);
  const width = Math.max(2, ...numbers.map((n) => String(n).length));
  steps.forEach((step, index) => {
    // The number the app shows ("Step 2"), so the folder and the page name a step alike.
    const number = String(numbers[index]).padStart(width, '0');
    const folder = paths.claim('', safeName(`${number} ${step.title}`, number, FOLDER_BYTES));
    for (const listed of byId(step.files)) add(listed, folder, folder, null);
    addFields(step.fields, folder, folder);
  });
  return { heading: input.heading, zipName: input.zipName, files };
}
