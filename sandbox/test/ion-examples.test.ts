import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENTS } from '../src/identities.ts';
import { clientCredentialsToken, gql, uploadObject } from './harness.ts';

// Three of ION's public example scripts (FirstResonance/ion-examples), rewritten in TypeScript with the
// same requests (sandbox/test/ion-examples), run as their own processes against a sandbox started as
// `npm run sandbox` starts it, over HTTPS: nothing changed but the host and the credentials, and the
// certificate the sandbox printed trusted the way a user would (NODE_EXTRA_CA_CERTS).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const technicianKey = API_CLIENTS.find((c) => c.role === 'technician')!;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function finished(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** What `npm run sandbox` prints once it runs: its address, its HTTPS address and the CA to trust. */
function startup(child: ChildProcess): Promise<{ url: string; httpsUrl: string; caPath: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!/^\s*Data dir:/m.test(out)) return;
      child.stdout?.off('data', onData);
      const value = (pattern: RegExp) => pattern.exec(out)?.[1] ?? '';
      resolve({
        url: value(/Sandbox running at (\S+)/),
        httpsUrl: value(/^\s*HTTPS:\s+(\S+)/m),
        caPath: value(/^\s*Certificate:\s+(\S+)/m),
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the sandbox stopped (${code}) before it ran:\n${out}`)));
  });
}

describe('ION example scripts against the sandbox over HTTPS', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-ion-examples-'));
  let sandbox: ChildProcess;
  let url: string;
  let httpsUrl: string;
  let caPath: string;

  beforeAll(async () => {
    sandbox = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dataDir, SANDBOX_SEED_PARTS: '40' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    ({ url, httpsUrl, caPath } = await startup(sandbox));
  });
  afterAll(async () => {
    if (sandbox.exitCode === null) {
      sandbox.kill('SIGTERM');
      await once(sandbox, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs one rewritten example as a script, configured as the examples' config.py would be. */
  const runExample = (script: string, ...args: string[]) =>
    finished(
      spawn(process.execPath, ['--import', 'tsx', `sandbox/test/ion-examples/${script}.ts`, ...args], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_EXTRA_CA_CERTS: caPath,
          ION_AUTH_SERVER: new URL(httpsUrl).host,
          ION_API_URI: httpsUrl,
          ION_CLIENT_ID: technicianKey.clientId,
          ION_CLIENT_SECRET: technicianKey.clientSecret,
          ION_EXAMPLE_LOG: '1',
        },
      }),
    );

  it('prints its HTTPS address and the CA certificate to trust, kept in the data directory', () => {
    expect(httpsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(path.dirname(path.dirname(caPath))).toBe(dataDir);
    const ca = new X509Certificate(readFileSync(caPath));
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca)).toBe(true);
  });

  it('is refused by a client that does not trust that certificate', async () => {
    await expect(fetch(`${httpsUrl}/healthz`)).rejects.toThrow();
  });

  it('alter_completed_runs.py: lists the runs made from a procedure', async () => {
    const run = await runExample('alter-completed-runs', '1');
    expect(run.stderr).toContain(`Calling ${httpsUrl} with {"query":"\\n  query GetRuns(`);
    expect(run.code).toBe(0);
    // Run 11 is the HSG-0104 unit that shares serial SN 0100 (seed-runs.ts).
    expect(JSON.parse(run.stdout)).toEqual({ runIds: [1, 6, 11] });
  });

  it('procedure_export.py: reads a file attachment and downloads it from its URL', async () => {
    const token = await clientCredentialsToken(url, 'technician');
    const entityId = (await gql(url, token, '{ part(id: 1) { entityId } }')).data?.part.entityId as number;
    const object = await uploadObject(url, token, 'traveler.pdf', '%PDF-1.4 traveler');
    const created = await gql(
      url,
      token,
      'mutation C($input: CreateFileAttachmentInput!) { createFileAttachment(input: $input) { fileAttachment { id } } }',
      { input: { filename: 'traveler.pdf', s3Key: object.s3Key, s3Etag: object.etag, entityId } },
    );
    const id = created.data?.createFileAttachment.fileAttachment.id as number;

    const run = await runExample('procedure-export', String(id));
    expect(run.code).toBe(0);
    const info = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(info).toMatchObject({
      id,
      filename: 'traveler.pdf',
      s3Bucket: 'sandbox',
      s3Key: object.s3Key,
      integrationId: null,
      integrationFetchUrl: null,
      sha256: createHash('sha256').update('%PDF-1.4 traveler').digest('hex'),
    });
    // Asked over HTTPS, it is handed storage URLs on the same scheme.
    expect(info.downloadUrl).toMatch(new RegExp(`^${httpsUrl}/storage/`));
    expect(info.url).toMatch(new RegExp(`^${httpsUrl}/storage/`));
  });

  it('attach_file_to_run.py: reads the run, then gets the error ION gives the old one-step attach', async () => {
    const token = await clientCredentialsToken(url, 'technician');
    const run1 = await gql(
      url,
      token,
      '{ run(id: 1) { steps { entityId entity { fileAttachments { id } } } } }',
    );
    const firstStep = run1.data?.run.steps[0] as { entityId: number; entity: { fileAttachments: unknown[] } };
    const file = path.join(dataDir, 'inspection.txt');
    writeFileSync(file, 'torque values');

    const run = await runExample('attach-file-to-run', file, '1');
    expect(run.stderr).toContain('query GetRun($id: ID!)');
    expect(run.stderr).toContain('mutation CreateFileAttachment($input: CreateFileAttachmentInput!)');
    expect(run.code).toBe(1);
    const prefix = `Variable '$input' got invalid value {'entityId': ${firstStep.entityId}, 'filename': 'inspection.txt'}; `;
    expect(run.stderr).toContain(`${prefix}Field 's3Key' of required type 'String!' was not provided.`);
    expect(run.stderr).toContain(`${prefix}Field 's3Etag' of required type 'String!' was not provided.`);
    const after = await gql(url, token, '{ run(id: 1) { steps { entity { fileAttachments { id } } } } }');
    expect(after.data?.run.steps[0].entity.fileAttachments).toEqual(firstStep.entity.fileAttachments);
  });
});
