/**
 * The bench's Uppy peer (bundled by bench/lib/uppyPage.ts, never part of the app): a bare page where
 * files dropped on its "Choose files" button go through @uppy/core and @uppy/aws-s3 to the sandbox,
 * with the ticket asked for by the same GraphQL `requestFileUploadUrl` the app sends and, on each
 * upload-success, the file registered with `createFileAttachment` using the PUT's ETag. With
 * `goldenRetriever` (the fair peer of the app's durable queue) Golden Retriever keeps the batch, bytes
 * included, across a reload; without it the page is Uppy's floor: core and S3 only. Each registered file's
 * name is listed and counted in "Attachments (n)", so the bench watches it as it watches the app.
 * With `dashboard`, Uppy's own Dashboard is drawn inline as well (each file's card, its progress, the
 * status bar): Uppy as a person would use it, drawing what it does as the app draws its queue.
 */
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import Dashboard from '@uppy/dashboard';
import GoldenRetriever from '@uppy/golden-retriever';

/** What the bench hands the page in its URL's hash (it survives a reload). */
interface PageConfig {
  graphqlUrl: string;
  token: string;
  entityId: number;
  ticketQuery: string;
  registerMutation: string;
  /** Files in flight at once: the app's queue uses 3. */
  limit: number;
  /** Golden Retriever on: each file's bytes and the list of files kept in IndexedDB as they go. */
  goldenRetriever: boolean;
  /** Uppy's Dashboard drawn inline beside the list, with Uppy's stylesheets (`/uppy.css`). */
  dashboard: boolean;
}

interface BenchMeta extends Meta {
  s3Key?: string;
  registered?: boolean;
}

const config = JSON.parse(decodeURIComponent(location.hash.slice(1))) as PageConfig;

async function gql<T>(query: string, variables: object): Promise<T> {
  const response = await fetch(config.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
    body: JSON.stringify({ query, variables }),
  });
  const result = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!result.data || result.errors)
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(result.errors)}`);
  return result.data;
}

const heading = document.createElement('h2');
heading.id = 'attachments-heading';
const list = document.createElement('ul');
const dropZone = document.createElement('button');
dropZone.textContent = 'Choose files';
document.body.append(dropZone, heading, list);
let registeredCount = 0;
const showCount = () => (heading.textContent = `Attachments (${registeredCount})`);
showCount();

const uppy = new Uppy<BenchMeta, Record<string, never>>({ id: 'bench', autoProceed: true });
if (config.goldenRetriever) uppy.use(GoldenRetriever, { serviceWorker: false });
if (config.dashboard) {
  const styles = document.createElement('link');
  styles.rel = 'stylesheet';
  styles.href = '/uppy.css';
  const board = document.createElement('div');
  document.head.append(styles);
  document.body.append(board);
  // Files still come in by the page's own drop zone (uppy.addFiles), as on the other Uppy pages.
  uppy.use(Dashboard, { inline: true, target: board, height: 400, proudlyDisplayPoweredByUppy: false });
}
uppy.use(AwsS3, {
  limit: config.limit,
  shouldUseMultipart: false,
  async getUploadParameters(file) {
    const { requestFileUploadUrl: ticket } = await gql<{
      requestFileUploadUrl: { uploadUrl: string; s3Key: string; contentType: string };
    }>(config.ticketQuery, { filename: file.name });
    uppy.setFileMeta(file.id, { s3Key: ticket.s3Key });
    return { method: 'PUT', url: ticket.uploadUrl, headers: { 'content-type': ticket.contentType } };
  },
});

/**
 * A person's Retry, done for them: Uppy's single PUT and its `getUploadParameters` have no retry of their
 * own (the plugin's `retryDelays` apply to multipart parts), so on the dead-zone edge a lost request
 * leaves the file failed until someone taps Retry in Uppy's Dashboard. The page taps it after 1, 2, 4 …
 * (at most 8) s, as the app's queue retries by itself; off a device profile nothing fails and this never runs.
 */
const failures = new Map<string, number>();
function retryLater(what: string, again: () => unknown): void {
  const count = (failures.get(what) ?? 0) + 1;
  failures.set(what, count);
  setTimeout(again, Math.min(8_000, 1_000 * 2 ** (count - 1)));
}

uppy.on('upload-error', (file) => {
  if (file) retryLater(`upload:${file.id}`, () => void uppy.retryUpload(file.id));
});

const registering = new Set<string>();
async function registerFile(file: UppyFile<BenchMeta, Record<string, never>>, etag: string): Promise<void> {
  const current = uppy.getFile(file.id) ?? file;
  if (current.meta.registered || registering.has(file.id) || !current.meta.s3Key) return;
  registering.add(file.id);
  try {
    await gql(config.registerMutation, {
      input: {
        filename: current.name,
        s3Key: current.meta.s3Key,
        s3Etag: etag.replace(/"/g, ''),
        entityId: config.entityId,
        validateUpload: true,
      },
    });
    uppy.setFileMeta(file.id, { registered: true });
    registeredCount += 1;
    const item = document.createElement('li');
    item.textContent = current.name ?? '';
    list.append(item);
    showCount();
  } catch {
    // Lost on its way (the dead-zone edge): asked again, as the app's queue asks again.
    retryLater(`register:${file.id}`, () => void registerFile(file, etag));
  } finally {
    registering.delete(file.id);
  }
}

const etagOf = (file: UppyFile<BenchMeta, Record<string, never>> | undefined) =>
  (file?.response?.body as { ETag?: string } | undefined)?.ETag;

uppy.on('upload-success', (file, response) => {
  const etag = (response.body as { ETag?: string } | undefined)?.ETag;
  if (file && etag) void registerFile(file, etag);
});

// After a reload: resume what Golden Retriever restored (a dialog would ask; the bench says yes at once),
// and register files whose PUT had finished but whose registration had not.
let restored = false;
uppy.on('restored', () => {
  restored = true;
  for (const file of uppy.getFiles()) {
    const etag = etagOf(file);
    if (file.progress.uploadComplete && etag && !file.meta.registered) void registerFile(file, etag);
  }
  uppy.emit('restore-confirmed');
});

dropZone.addEventListener('dragover', (event) => event.preventDefault());
dropZone.addEventListener('drop', (event) => {
  event.preventDefault();
  const files = Array.from(event.dataTransfer?.files ?? []);
  uppy.addFiles(files.map((data) => ({ name: data.name, type: data.type, data, source: 'drop' })));
});

(window as unknown as { benchUppy: unknown }).benchUppy = uppy;
/**
 * After a reload, whether Uppy has nothing more to send: every file it restored is registered or a ghost
 * (kept without its bytes), and no registration is on its way. A file Golden Retriever did not keep at
 * all is not among them: it never comes, and the bench stops waiting for it here.
 */
(window as unknown as { benchUppySettled: () => boolean }).benchUppySettled = () =>
  restored &&
  registering.size === 0 &&
  uppy.getFiles().every((file) => file.meta.registered === true || file.isGhost);
