import type { Page } from '@playwright/test';
import { replay, type ApiClient } from './apiClient.ts';
import { deviceEmulated } from './device.ts';
import { median } from './stats.ts';

/**
 * Median time of the same GraphQL request body sent by a bare `fetch` from `page`, `samples` times
 * after a warm-up: the request's floor under the page's own device profile (CPU and Wi-Fi throttled).
 */
export async function replayInPage(
  page: Page,
  client: ApiClient,
  body: string,
  samples: number,
): Promise<number> {
  const times = await page.evaluate(
    async ({ url, token, body, samples }) => {
      const send = async () => {
        const start = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        await response.json();
        if (!response.ok) throw new Error(`bare GraphQL in the page: ${response.status}`);
        return performance.now() - start;
      };
      await send();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) times.push(await send());
      return times;
    },
    { url: client.graphqlUrl, token: client.token, body, samples },
  );
  return median(times);
}

/**
 * The floor of a request the app made: replayed from Node on the desktop profile, and from the page
 * itself under an emulated device, so that the bare comparison pays the same round trip and CPU.
 */
export async function bareReplay(
  page: Page,
  client: ApiClient,
  body: string,
  samples: number,
): Promise<{ ms: number; where: string }> {
  if (deviceEmulated()) return { ms: await replayInPage(page, client, body, samples), where: 'in the page' };
  return { ms: await replay(client, body, samples), where: 'from Node' };
}
