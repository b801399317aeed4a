import { isJsonObject } from '../lib/jsonObject.ts';

/**
 * What may wait in the share inbox. Any website can try to post files to the share target, and one
 * whose page the worker cannot tell from the tablet's share sheet gets in as a share nobody claimed
 * yet (see isCrossSiteShare). Such shares have a small budget of their own and go by themselves, so
 * they never fill the tablet nor stand in the way of a person's own share; shares bound to a person
 * (claimed where they landed, or by a "Yes, I shared these") have the larger budget.
 */
export interface ShareBudget {
  /** Files and bytes that the shares bound to people may hold together. */
  maxFiles: number;
  maxBytes: number;
  /** Files and bytes that shares nobody claimed may hold together; every new share is one at first. */
  unclaimedMaxFiles: number;
  unclaimedMaxBytes: number;
  /** How long a share waits before it goes by itself, claimed or not. */
  keepMs: number;
  unclaimedKeepMs: number;
}

const MB = 1024 * 1024;
const MINUTE = 60 * 1000;

export const DEFAULT_SHARE_BUDGET: ShareBudget = {
  maxFiles: 50,
  maxBytes: 500 * MB,
  unclaimedMaxFiles: 20,
  unclaimedMaxBytes: 100 * MB,
  keepMs: 30 * MINUTE,
  unclaimedKeepMs: 30 * MINUTE,
};

/** The settings of config.json that change the budget of shares nobody claimed (all optional). */
export interface UnclaimedShareSettings {
  unclaimedSharesMaxFiles?: number;
  unclaimedSharesMaxMb?: number;
  unclaimedSharesKeepMinutes?: number;
}

export const UNCLAIMED_SHARE_SETTINGS = [
  'unclaimedSharesMaxFiles',
  'unclaimedSharesMaxMb',
  'unclaimedSharesKeepMinutes',
] as const satisfies readonly (keyof UnclaimedShareSettings)[];

/** Whether a setting's value is usable: a whole number, at least 1. */
export const isShareSetting = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/**
 * The budget config.json asks for. The worker reads the file without the app's checks (the app shows
 * a wrong value as an error page): a missing or unusable value leaves the default. An unclaimed
 * budget of files or bytes never exceeds the one of shares bound to people.
 */
export function shareBudgetFrom(config: unknown): ShareBudget {
  const settings: Record<string, unknown> = isJsonObject(config) ? config : {};
  const setting = (name: keyof UnclaimedShareSettings, fallback: number, unit: number, most: number) => {
    const value = settings[name];
    return isShareSetting(value) ? Math.min(value * unit, most) : fallback;
  };
  const budget = DEFAULT_SHARE_BUDGET;
  return {
    ...budget,
    unclaimedMaxFiles: setting('unclaimedSharesMaxFiles', budget.unclaimedMaxFiles, 1, budget.maxFiles),
    unclaimedMaxBytes: setting('unclaimedSharesMaxMb', budget.unclaimedMaxBytes, MB, budget.maxBytes),
    unclaimedKeepMs: setting('unclaimedSharesKeepMinutes', budget.unclaimedKeepMs, MINUTE, Infinity),
  };
}
