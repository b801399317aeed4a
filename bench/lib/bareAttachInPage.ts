import type { Page } from '@playwright/test';
import { REGISTER_MUTATION, TICKET_QUERY, type ApiClient } from './apiClient.ts';
import { filesInPage } from './drop.ts';

/**
 * The app's three requests per file (ticket, PUT, registration) made from the app's page by a bare
 * script: `fetch` for GraphQL, as the app's client does, and an `XMLHttpRequest` PUT of the disk-backed
 * `File`, as the app's upload does, `concurrency` files at a time (the app's queue moves 3). Returns
 * the page-clock time from the first request to the last registration: what Chromium itself costs under
 * the page's device profile, so the app's own steps can be told apart from the browser's and the
 * network's. Does not retry: in a dead zone it throws on the first lost request.
 */
export async function bareAttachInPage(
  page: Page,
  client: ApiClient,
  entityId: number,
  paths: string[],
  concurrency = 1,
): Promise<number> {
  await filesInPage(page, 'bench-bare-source', paths);
  return page.evaluate(
    async ({ graphqlUrl, token, entityId, ticketQuery, registerMutation, concurrency }) => {
      const files = Array.from((document.getElementById('bench-bare-source') as HTMLInputElement).files!);
      const gql = async (query: string, variables: object) => {
        const response = await fetch(graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        });
        const result = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
        if (!result.data || result.errors) throw new Error(`bare GraphQL in the page: ${response.status}`);
        return result.data;
      };
      const attach = async (body: File) => {
        const { requestFileUploadUrl: ticket } = (await gql(ticketQuery, { filename: body.name })) as {
          requestFileUploadUrl: { uploadUrl: string; s3Key: string; contentType: string };
        };
        const etag = await new Promise<string>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open('PUT', ticket.uploadUrl);
          xhr.setRequestHeader('Content-Type', ticket.contentType);
          xhr.onload = () =>
            xhr.status === 200
              ? resolve((xhr.getResponseHeader('ETag') ?? '').replace(/"/g, ''))
              : reject(new Error(`bare PUT in the page: ${xhr.status}`));
          xhr.onerror = () => reject(new Error('bare PUT in the page failed'));
          xhr.send(body);
        });
        await gql(registerMutation, {
          input: { filename: body.name, s3Key: ticket.s3Key, s3Etag: etag, entityId, validateUpload: true },
        });
      };
      const start = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < files.length) await attach(files[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, lane));
      return performance.now() - start;
    },
    {
      graphqlUrl: client.graphqlUrl,
      token: client.token,
      entityId,
      ticketQuery: TICKET_QUERY,
      registerMutation: REGISTER_MUTATION,
      concurrency,
    },
  );
}
