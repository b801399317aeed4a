import { describe, expect, it } from 'vitest';
import { ConfigError, parseAppConfig } from './appConfig.ts';

const valid = {
  apiUrl: 'https://api.buildwithion.com/graphql',
  oidc: { authority: 'https://auth.example/realms/acme', clientId: 'floor-app', scopes: 'openid' },
  environment: 'production',
  maxUploadBytes: 1024,
};

describe('the budget of copies kept for pinned records', () => {
  it('is left to the default (200 MB) when not given, and taken when it is', () => {
    expect(parseAppConfig(valid).pinnedBudgetMb).toBeUndefined();
    expect(parseAppConfig({ ...valid, pinnedBudgetMb: 500 }).pinnedBudgetMb).toBe(500);
  });

  it.each([0, -5, 1.5, '200', null])('refuses %j', (pinnedBudgetMb) => {
    expect(() => parseAppConfig({ ...valid, pinnedBudgetMb })).toThrow(ConfigError);
  });
});

describe('how long a request to the API may go unanswered', () => {
  it('is left to the default when not given, and taken when it is', () => {
    expect(parseAppConfig(valid).apiTimeoutMs).toBeUndefined();
    expect(parseAppConfig({ ...valid, apiTimeoutMs: 8000 }).apiTimeoutMs).toBe(8000);
  });

  it.each([0, 999, 1500.5, '15000', null])('refuses %j', (apiTimeoutMs) => {
    expect(() => parseAppConfig({ ...valid, apiTimeoutMs })).toThrow(ConfigError);
  });
});
