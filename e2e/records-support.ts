import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { clientCredentialsToken, gql, uploadObject } from '../sandbox/test/harness.ts';
import { APP_ORIGIN, SANDBOX_URL } from './fixtures.ts';
import { RECORD_KINDS } from '../src/records/recordKinds.ts';

export { PNG_BYTES, pdfBytes } from './test-files.ts';

/** Shared by the browse and records journeys: API set-up through the sandbox, and the axe check. */

export const KINDS = RECORD_KINDS.map(({ kind, segment, label }) => ({
  kind,
  path: `/${segment}`,
  label,
  query: kind,
}));

/**
 * Checks the page's own content and any open dialog (dialogs render outside <main>); the shell around
 * it (header, navigation) is checked by the sign-in journeys that own it.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Once what is moving has settled and every dialog is wholly opaque: a dialog fading in has its
  // colours blended with the page behind, and axe read a Delete button's contrast as too low mid-way
  // (loaded CI runs; its fade may not have started when the animations are first counted). Endless
  // animations (a spinner) are not waited for.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const moving = document
          .getAnimations()
          .some((motion) => motion.effect?.getTiming().iterations !== Infinity);
        const faded = [...document.querySelectorAll('[role="dialog"]')].some((dialog) => {
          for (let node: Element | null = dialog; node; node = node.parentElement)
            if (getComputedStyle(node).opacity !== '1') return true;
          return false;
        });
        return !moving && !faded;
      }),
    )
    .toBe(true);
  const axe = new AxeBuilder({ page }).include('main');
  if ((await page.getByRole('dialog').count()) > 0) axe.include('[role="dialog"]');
  const results = await axe.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export function technicianToken(): Promise<string> {
  return clientCredentialsToken(SANDBOX_URL, 'technician');
}

export async function entityIdOf(token: string, query: string, id: number): Promise<number> {
  const res = await gql(SANDBOX_URL, token, `query E($id: ID!) { ${query}(id: $id) { entity { id } } }`, {
    id,
  });
  const entityId = res.data?.[query]?.entity?.id;
  if (typeof entityId !== 'number') throw new Error(`no entity for ${query} ${id}: ${JSON.stringify(res)}`);
  return entityId;
}

export type FileBody = Parameters<typeof uploadObject>[3];

/** The whole upload flow through the API: ticket, PUT to storage, createFileAttachment. */
export async function attachFile(
  token: string,
  entityId: number,
  filename: string,
  body: FileBody,
): Promise<number> {
  const object = await uploadObject(SANDBOX_URL, token, filename, body);
  const res = await gql(
    SANDBOX_URL,
    token,
    `mutation A($input: CreateFileAttachmentInput!) { createFileAttachment(input: $input) { fileAttachment { id } } }`,
    {
      input: {
        filename,
        s3Key: object.s3Key,
        s3Etag: object.etag.replaceAll('"', ''),
        entityId: String(entityId),
        validateUpload: true,
      },
    },
  );
  const id = res.data?.createFileAttachment?.fileAttachment?.id;
  if (typeof id !== 'number') throw new Error(`createFileAttachment failed: ${JSON.stringify(res.errors)}`);
  return id;
}

export interface FileSpec {
  name: string;
  type?: string;
  size?: number;
  /** Bytes of the file; by default `size` bytes made from the name. */
  bytes?: number[];
}

/** The real gesture: a DataTransfer built in the page, dispatched as dragenter, dragover and drop. */
export async function dropFilesOn(target: Locator, files: FileSpec[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const bytes = spec.bytes
        ? new Uint8Array(spec.bytes)
        : new Uint8Array(spec.size ?? 16).map((_, i) => (i * 31 + spec.name.length) % 251);
      transfer.items.add(new File([bytes], spec.name, { type: spec.type ?? '' }));
    }
    return transfer;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/**
 * Answers the app's up-front question about attach rights (the `AttachPermission` query, asked as the
 * private pages open) as a server would that gives anyone a ticket: the journeys that prove the
 * server's own refusal of an attach reach it through the attach controls, as on such a server.
 */
export async function grantEveryTicketUpFront(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.endsWith('/graphql'),
    async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== 'AttachPermission') return route.fallback();
      await route.fulfill({
        status: 200,
        headers: { 'access-control-allow-origin': APP_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({
          data: { requestFileUploadUrl: { __typename: 'FileUploadTicket', s3Key: 'x' } },
        }),
      });
    },
  );
}

/** The files attached to a record (`query`: part, runStep, runStepField, ...), through the API. */
async function attachmentsOf(
  token: string,
  query: string,
  id: number,
): Promise<{ id: number; filename: string }[]> {
  const result = await gql(
    SANDBOX_URL,
    token,
    `query R($id: ID!) { ${query}(id: $id) { entity { fileAttachments { id filename } } } }`,
    { id: String(id) },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.[query].entity.fileAttachments;
}

/** Filenames attached to a record (`query`: part, runStep, runStepField, ...), through the API. */
export async function filenamesOf(token: string, query: string, id: number): Promise<string[]> {
  return (await attachmentsOf(token, query, id)).map((a) => a.filename);
}

/** Filenames attached to a run step, through the API. */
export function stepFilenames(token: string, id: number): Promise<string[]> {
  return filenamesOf(token, 'runStep', id);
}

/**
 * attachFile, unless the record already holds a file of that name (its id is returned then): set-up
 * runs again when a failed journey is retried (a `beforeAll` in the retry's new worker, a journey's
 * own first lines), and the retry must find what the first try found.
 */
export async function attachOnce(
  token: string,
  query: string,
  id: number,
  filename: string,
  body: FileBody,
): Promise<number> {
  const held = (await attachmentsOf(token, query, id)).find((a) => a.filename === filename);
  return held?.id ?? attachFile(token, await entityIdOf(token, query, id), filename, body);
}
