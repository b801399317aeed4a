import { afterEach, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '../config.ts';
import { NotReady } from '../lib/benchmark.ts';
import { activeDevice, deviceEmulated, sendableOverDevice, useDevice } from '../lib/device.ts';

const MB = 1024 * 1024;

describe('device profiles', () => {
  afterEach(() => useDevice('desktop'));

  it('lengthens the waits on Wi-Fi and gives them back on the desktop', () => {
    const loopback = { ...TIMEOUTS };
    useDevice('tablet');
    expect(deviceEmulated()).toBe(true);
    expect(activeDevice().cpuThrottlingRate).toBe(4);
    expect(TIMEOUTS.uiMs).toBe(loopback.uiMs * 4);
    expect(TIMEOUTS.uploadPerMbMs).toBeGreaterThan(loopback.uploadPerMbMs);
    useDevice('desktop');
    expect(TIMEOUTS).toEqual(loopback);
  });

  it('throttles only the CPU on the tablet-cpu profile: loopback waits, no upload limit', () => {
    const loopback = { ...TIMEOUTS };
    useDevice('tablet-cpu');
    expect(deviceEmulated()).toBe(true);
    expect(activeDevice().cpuThrottlingRate).toBe(4);
    expect(activeDevice().network).toBeUndefined();
    expect(TIMEOUTS).toEqual(loopback);
    expect(() => sendableOverDevice(1024 * MB)).not.toThrow();
  });

  it('refuses, as not measured, an upload that would take minutes on the emulated uplink', () => {
    expect(() => sendableOverDevice(1024 * MB)).not.toThrow();
    useDevice('tablet');
    expect(() => sendableOverDevice(1 * MB)).not.toThrow();
    expect(() => sendableOverDevice(16 * MB)).toThrow(NotReady);
    expect(() => sendableOverDevice(16 * MB)).toThrow('16 MB at 750 kbit/s up would take 3 min');
  });
});
