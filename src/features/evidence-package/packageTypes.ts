/** One attached file as it goes into a package. */
export interface PackageFile {
  attachmentId: number;
  /** The filename as the app shows it (null when the attachment has none). */
  appName: string | null;
  /** Where it is in the ZIP: "02 Machine per program/Torque photo - torque.jpg". */
  zipPath: string;
  /** The step's folder name, null for the record's own files. */
  step: string | null;
  /** The field it was attached to, null for a step's or the record's own files. */
  field: string | null;
  contentType: string | null;
  addedBy: string | null;
  /** ISO date-time the file was attached. */
  addedAt: string | null;
}

/** What a package is of: the words the manifest opens with. */
export interface PackageHeading {
  /** "Run 12 · BRKT-0001 Rev C, SN 0041". */
  record: string;
  serial: string | null;
  part: string | null;
  procedure: string | null;
  madeBy: string;
  /** ISO date-time the package was made. */
  madeAt: string;
}

/** Everything a package will hold, before a byte is fetched. */
export interface PackagePlan {
  heading: PackageHeading;
  /** The suggested name of the ZIP on disk. */
  zipName: string;
  files: PackageFile[];
}

/**
 * How a file's bytes compare with what storage said it holds: `match` (MD5 equals the ETag), `unchecked`
 * (a multipart upload's ETag is not an MD5), `mismatch`, `incomplete` (fewer bytes than storage said),
 * `missing` (never fetched: not in the ZIP).
 */
export type FileCheck = 'match' | 'unchecked' | 'mismatch' | 'incomplete' | 'missing';

/** What became of one file. */
export interface FileOutcome {
  file: PackageFile;
  check: FileCheck;
  /** Bytes written into the ZIP. */
  bytes: number;
  /** Bytes storage said the file has (null when it never answered). */
  expectedBytes: number | null;
  md5: string | null;
  /** The storage ETag without quotes. */
  etag: string | null;
  /** The failure, in the technician's words, when the file is missing or incomplete. */
  problem: string | null;
}
