import type { Page, Route } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL } from './fixtures.ts';

// Lie-fi (issue 35): the tablet shows Wi-Fi and the browser says online all along, but nothing reaches
// the API. Only the API is cut (its requests fail, or hang): the app's own files load as ever.

const isApi = (url: URL) => url.href.startsWith(`${SANDBOX_URL}/graphql`);

/** Every request to the API fails as a dead access point makes it fail (the browser still says online). */
export async function failTheApi(page: Page): Promise<void> {
  await page.route(isApi, (route) => route.abort('connectionreset'));
}

/**
 * How long the hanging journeys' app waits for an answer before it counts the API as unreachable
 * (`apiTimeoutMs` in config.json, 15 s by default): what they check is the same, sooner.
 */
export const HANGING_API_TIMEOUT_MS = 4_000;

/** Every request to the API is left without an answer: it hangs until the app gives up on it. */
export async function hangTheApi(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route(isApi, (route) => {
    held.push(route);
  });
  return held;
}

/** The API answers again; requests left hanging stay so until the app gives up on them. */
export async function restoreTheApi(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

/** Run 1's steps, through the API (the sandbox's seed). */
export async function runOneSteps(token: string): Promise<number[]> {
  const result = await gql(SANDBOX_URL, token, `query R { run(id: 1) { steps { id } } }`, {});
  expect(result.errors).toBeUndefined();
  return (result.data?.run.steps as { id: number }[]).map((step) => step.id);
}
