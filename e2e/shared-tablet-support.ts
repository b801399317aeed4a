import type { Page } from '@playwright/test';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL } from './fixtures.ts';

export interface StoredAttachment {
  filename: string;
  createdById: number;
}

/** Part 1's attachments with these names, read through the API (the sandbox's records). */
export async function attachmentsNamed(names: string[]): Promise<StoredAttachment[]> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query { part(id: "1") { entity { fileAttachments { filename createdById } } } }`,
  );
  expect(result.errors).toBeUndefined();
  const all = result.data?.part.entity.fileAttachments as StoredAttachment[];
  return all.filter((attachment) => names.includes(attachment.filename));
}

/** The tokens oidc-client-ts keeps for this tab (sessionStorage), read as a test would steal them. */
export async function storedTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const user = JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as Record<string, string>;
    return { accessToken: user.access_token ?? '', refreshToken: user.refresh_token ?? '' };
  });
}

/** Whether the API still answers `me` for this access token. */
export async function meAnswers(accessToken: string): Promise<boolean> {
  const result = await gql(SANDBOX_URL, accessToken, '{ me { id } }');
  return result.data?.me?.id !== undefined;
}

export function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

/** Storage never answers this page's PUTs: the files stay in flight. */
export async function stallStorage(page: Page): Promise<void> {
  await page.route(`${SANDBOX_URL}/storage/**`, (route) =>
    route.request().method() === 'PUT' ? new Promise<void>(() => {}) : route.fallback(),
  );
}

export async function chooseFiles(page: Page, names: string[]): Promise<void> {
  await page
    .getByTestId('choose-files-input')
    .setInputFiles(
      names.map((name) => ({ name, mimeType: 'image/jpeg', buffer: Buffer.from(`photo ${name}`) })),
    );
}

export async function openSignOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}
