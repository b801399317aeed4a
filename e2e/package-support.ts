import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gql } from '../sandbox/test/harness.ts';
import { SANDBOX_URL } from './fixtures.ts';
import { attachFile, entityIdOf, pdfBytes, PNG_BYTES, technicianToken } from './records-support.ts';

/** One file attached through the API for a package journey, with the bytes it was given. */
export interface Attached {
  id: number;
  filename: string;
  bytes: Buffer;
  s3Key: string;
}

export interface PackageRun {
  runId: number;
  title: string;
  files: Attached[];
  /** A file of another run: it must never be in this run's package. */
  foreign: Attached;
  /** The 5 MB binary. */
  big: Attached;
}

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

interface Outline {
  run: {
    id: number;
    title: string;
    steps: {
      id: number;
      position: number;
      title: string;
      fields: { id: number; name: string; required: boolean; type: string }[];
    }[];
  };
}

export async function attach(
  token: string,
  kind: string,
  id: number,
  filename: string,
  bytes: Buffer,
): Promise<Attached> {
  const attachmentId = await attachFile(
    token,
    await entityIdOf(token, kind, id),
    filename,
    new Uint8Array(bytes),
  );
  const res = await gql(SANDBOX_URL, token, 'query K($id: ID!) { fileAttachment(id: $id) { s3Key } }', {
    id: attachmentId,
  });
  return { id: attachmentId, filename, bytes, s3Key: res.data?.fileAttachment?.s3Key as string };
}

/**
 * A run with files where an auditor would find them: on the run, on three steps (one name on two
 * steps, a name Windows refuses, a 5 MB binary) and on a required field; and a file on another run.
 */
export async function runWithEvidence(title: string, otherTitle: string): Promise<PackageRun> {
  const token = await technicianToken();
  const find = async (wanted: string) => {
    const res = await gql(
      SANDBOX_URL,
      token,
      'query R($q: String) { runs(filters: { title: { eq: $q } }, first: 1) { edges { node { id } } } }',
      { q: wanted },
    );
    const id = res.data?.runs?.edges?.[0]?.node?.id;
    if (typeof id !== 'number') throw new Error(`no run ${wanted}: ${JSON.stringify(res)}`);
    return id;
  };
  const runId = await find(title);
  const res = await gql<Outline>(
    SANDBOX_URL,
    token,
    'query O($id: ID!) { run(id: $id) { id title steps { id position title fields { id name required type } } } }',
    { id: runId },
  );
  const steps = [...res.data!.run.steps].sort((a, b) => a.position - b.position);
  const required = steps
    .flatMap((step) => step.fields.map((field) => ({ step, field })))
    .find(({ field }) => field.required && field.type === 'FILE_ATTACHMENT');
  if (!required || steps.length < 3) throw new Error(`run ${title} lacks steps or a required file field`);
  const files = [
    await attach(token, 'run', runId, 'traveller.pdf', pdfBytes(2)),
    await attach(token, 'runStep', steps[0]!.id, 'torque.jpg', randomBytes(3000)),
    await attach(token, 'runStep', steps[1]!.id, 'torque.jpg', randomBytes(4000)),
    await attach(token, 'runStep', steps[2]!.id, 'a<b>:c"d|e?f*g.txt', Buffer.from('unsafe on Windows\n')),
    await attach(token, 'runStep', steps[2]!.id, 'scan.bin', randomBytes(5 * 1024 * 1024)),
    await attach(token, 'runStepField', required.field.id, 'cmm.png', Buffer.from(PNG_BYTES)),
  ];
  const foreign = await attach(token, 'run', await find(otherTitle), 'other-run.bin', randomBytes(2000));
  return { runId, title, files, foreign, big: files[4]! };
}

/** What a ZIP holds, read by Python's zipfile (an implementation nobody here wrote). */
export interface ZipEntry {
  name: string;
  size: number;
  md5: string;
}

export function readZip(path: string): ZipEntry[] {
  const script = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    if bad: raise SystemExit('bad CRC: ' + bad)
    print(json.dumps([{'name': i.filename, 'size': i.file_size, 'md5': hashlib.md5(z.read(i)).hexdigest()} for i in z.infolist()]))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as ZipEntry[];
}

export function readZipText(path: string, name: string): string {
  const script = `
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z: sys.stdout.write(z.read(sys.argv[2]).decode('utf-8'))
`;
  return execFileSync('python3', ['-c', script, path, name], { encoding: 'utf8' });
}

/** True when the file ends with a ZIP's end-of-central-directory record: it would open as complete. */
export function looksComplete(path: string): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return false;
  }
  const tail = bytes.subarray(Math.max(0, bytes.length - 66_000));
  return tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

/** The bytes the API serves for an attachment now (a fresh signed URL, fetched from Node). */
export async function apiDownload(id: number): Promise<Buffer> {
  const token = await technicianToken();
  const res = await gql(SANDBOX_URL, token, 'query D($id: ID!) { fileAttachment(id: $id) { downloadUrl } }', {
    id,
  });
  const response = await fetch(res.data?.fileAttachment?.downloadUrl as string);
  if (!response.ok) throw new Error(`download of ${id} failed: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A run step with files of its own and on a field, beside files of its run and of another step. */
export interface PackageStep {
  stepId: number;
  /** The step's own files and its field's: its package holds these and nothing else. */
  own: Attached[];
  /** Files of its run and of another step of that run. */
  others: Attached[];
}

/** The last step of run `title` with a FILE_ATTACHMENT field, filled, and its neighbours' files. */
export async function stepWithEvidence(title: string): Promise<PackageStep> {
  const token = await technicianToken();
  const res = await gql<{ runs: { edges: { node: Outline['run'] }[] } }>(
    SANDBOX_URL,
    token,
    'query S($q: String) { runs(filters: { title: { eq: $q } }, first: 1) { edges { node { id title steps { id position title fields { id name required type } } } } } }',
    { q: title },
  );
  const run = res.data?.runs?.edges?.[0]?.node;
  if (!run) throw new Error(`no run ${title}: ${JSON.stringify(res)}`);
  const steps = [...run.steps].sort((a, b) => a.position - b.position);
  const step = steps.findLast((candidate) => candidate.fields.some((f) => f.type === 'FILE_ATTACHMENT'));
  const other = steps.find((candidate) => candidate !== step);
  if (!step || !other) throw new Error(`run ${title} lacks a second step or a file field`);
  const field = step.fields.find((f) => f.type === 'FILE_ATTACHMENT')!;
  return {
    stepId: step.id,
    own: [
      await attach(token, 'runStep', step.id, 'release.jpg', randomBytes(2500)),
      await attach(token, 'runStepField', field.id, 'label.png', Buffer.from(PNG_BYTES)),
    ],
    others: [
      await attach(token, 'run', run.id, 'release.jpg', randomBytes(1500)),
      await attach(token, 'runStep', other.id, 'coc.pdf', pdfBytes(1)),
    ],
  };
}

/** The part a run is of, with a file attached to it now; and every attachment id the API lists on it. */
export async function partOfRun(
  runTitle: string,
): Promise<{ partId: number; added: Attached; ids: number[] }> {
  const token = await technicianToken();
  const res = await gql(
    SANDBOX_URL,
    token,
    'query P($q: String) { runs(filters: { title: { eq: $q } }, first: 1) { edges { node { part { id } } } } }',
    { q: runTitle },
  );
  const partId = res.data?.runs?.edges?.[0]?.node?.part?.id;
  if (typeof partId !== 'number') throw new Error(`no part for run ${runTitle}: ${JSON.stringify(res)}`);
  const added = await attach(token, 'part', partId, 'drawing.pdf', pdfBytes(1));
  const listed = await gql(
    SANDBOX_URL,
    token,
    'query L($id: ID!) { part(id: $id) { entity { fileAttachments { id } } } }',
    {
      id: partId,
    },
  );
  const ids = (listed.data?.part?.entity?.fileAttachments as { id: number }[]).map((file) => file.id);
  return { partId, added, ids };
}
