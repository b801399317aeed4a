import type { BrowserContext, Page } from '@playwright/test';
import { TIMEOUTS } from '../config.ts';
import { NotReady } from './benchmark.ts';

/**
 * The device a benchmark's pages run on (`--device`). `desktop` is Chromium as it is, on this machine
 * over loopback. The others emulate the tablet a technician holds, through the page's own DevTools
 * session, so that a bare comparison made from a page of the same run runs under the same profile.
 */
export type DeviceName = 'desktop' | 'tablet' | 'tablet-cpu' | 'dead-zone-edge';

export const DEVICE_NAMES: readonly DeviceName[] = ['desktop', 'tablet', 'tablet-cpu', 'dead-zone-edge'];

export interface DeviceProfile {
  name: DeviceName;
  /** CDP Emulation.setCPUThrottlingRate: 4 is a mid-range tablet (Lighthouse's mobile profile). */
  cpuThrottlingRate: number;
  /** CDP Network.emulateNetworkConditions: weak Wi-Fi. */
  network?: { latencyMs: number; downloadKbps: number; uploadKbps: number };
  /** Walking along the edge of a dead zone: for `deadMs` of every `periodMs`, every other fetch/XHR fails. */
  deadZone?: { periodMs: number; deadMs: number };
  description: string;
}

const WEAK_WIFI = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };

export const DEVICES: Record<DeviceName, DeviceProfile> = {
  desktop: { name: 'desktop', cpuThrottlingRate: 1, description: 'this machine, loopback' },
  tablet: {
    name: 'tablet',
    cpuThrottlingRate: 4,
    network: WEAK_WIFI,
    description: 'CPU 4x slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up',
  },
  // The tablet on good Wi-Fi (most of a plant): the network no longer hides the app's own work per file.
  'tablet-cpu': {
    name: 'tablet-cpu',
    cpuThrottlingRate: 4,
    description: 'CPU 4x slower, network not throttled (loopback)',
  },
  'dead-zone-edge': {
    name: 'dead-zone-edge',
    cpuThrottlingRate: 4,
    network: WEAK_WIFI,
    deadZone: { periodMs: 10_000, deadMs: 3_000 },
    description:
      'the tablet, and for 3 s of every 10 s every other fetch/XHR (API, storage) fails as a lost connection',
  },
};

let active: DeviceProfile = DEVICES.desktop;
const LOOPBACK_TIMEOUTS = { ...TIMEOUTS };

/**
 * Chosen by the runner (`--device`, and the quick run's tablet pass); every page the bench opens from
 * then on runs under it. Waits sized for loopback would time out on Wi-Fi, so they grow with it.
 */
export function useDevice(name: DeviceName): void {
  active = DEVICES[name];
  Object.assign(TIMEOUTS, LOOPBACK_TIMEOUTS);
  if (active.network) {
    // The emulated upload rate at half speed, and four times the wait for anything on screen.
    const msPerMb = ((8 * 1024) / active.network.uploadKbps) * 1000;
    TIMEOUTS.uploadPerMbMs = Math.max(TIMEOUTS.uploadPerMbMs, 2 * msPerMb);
    TIMEOUTS.uiMs *= 4;
  }
}

export function activeDevice(): DeviceProfile {
  return active;
}

/** True when pages run under an emulated profile: a bare client in Node would then not be a like-for-like floor. */
export function deviceEmulated(): boolean {
  return active.name !== 'desktop';
}

/** Throttles one page's CPU and network as the active profile says (nothing for desktop). */
export async function emulateDevice(page: Page): Promise<void> {
  if (!deviceEmulated()) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: active.cpuThrottlingRate });
  if (active.network) {
    const { latencyMs, downloadKbps, uploadKbps } = active.network;
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      // CDP takes bytes per second.
      downloadThroughput: (downloadKbps * 1000) / 8,
      uploadThroughput: (uploadKbps * 1000) / 8,
    });
  }
}

/**
 * Starts the active profile's dead zone on a context (after sign-in, so that the bench can get in):
 * from now on, during the first `deadMs` of every `periodMs`, every other request fails as a lost
 * connection does. Requests outside those windows pass untouched.
 */
export async function startDeadZone(context: BrowserContext): Promise<void> {
  const zone = active.deadZone;
  if (!zone) return;
  const start = Date.now();
  let alternate = 0;
  await context.route('**/*', (route) => {
    // The page's own requests (API, storage): what a tablet at the edge of coverage loses. The bench's
    // navigations and the app's code are left alone, so a measurement can be set up and started.
    const own = ['fetch', 'xhr'].includes(route.request().resourceType());
    const inDeadWindow = (Date.now() - start) % zone.periodMs < zone.deadMs;
    if (own && inDeadWindow && alternate++ % 2 === 0) return route.abort('connectionfailed');
    return route.fallback();
  });
}

/**
 * Refuses (as "not measured") a file whose upload over the profile's emulated uplink would take longer
 * than `limitMs`: 256 MB at 750 kbit/s is 45 minutes.
 */
export function sendableOverDevice(bytes: number, limitMs = 60_000): void {
  if (!active.network) return;
  const ms = ((bytes * 8) / (active.network.uploadKbps * 1000)) * 1000;
  if (ms > limitMs) {
    throw new NotReady(
      `${(bytes / 1024 ** 2).toFixed(0)} MB at ${active.network.uploadKbps} kbit/s up would take ${(ms / 60_000).toFixed(0)} min on the ${active.name} profile`,
    );
  }
}
