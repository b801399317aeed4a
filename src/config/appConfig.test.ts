import { describe, expect, it } from 'vitest';
import { ConfigError, fetchAppConfig, parseAppConfig } from './appConfig.ts';

const valid = {
  apiUrl: 'https://api.buildwithion.com/graphql',
  oidc: {
    authority: 'https://auth.buildwithion.com/realms/acme/',
    clientId: 'floor-app',
    scopes: 'openid profile email offline_access',
  },
  environment: 'production',
  maxUploadBytes: 1024,
};

function respond(body: string, status = 200): typeof fetch {
  return async () => new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

describe('parseAppConfig', () => {
  it('accepts a complete configuration and trims trailing slashes from URLs', () => {
    expect(parseAppConfig(valid)).toEqual({
      ...valid,
      oidc: { ...valid.oidc, authority: 'https://auth.buildwithion.com/realms/acme' },
      photoMaxEdgePx: 2560,
      photoJpegQuality: 0.85,
    });
  });

  it('takes the photo size and quality when given, and refuses nonsense', () => {
    expect(parseAppConfig({ ...valid, photoMaxEdgePx: 1600, photoJpegQuality: 0.7 })).toMatchObject({
      photoMaxEdgePx: 1600,
      photoJpegQuality: 0.7,
    });
    expect(() => parseAppConfig({ ...valid, photoMaxEdgePx: 10 })).toThrow(ConfigError);
    expect(() => parseAppConfig({ ...valid, photoJpegQuality: 85 })).toThrow(ConfigError);
  });

  it('lets administrators discard files others left only when it says so', () => {
    expect(parseAppConfig(valid).adminsMayDiscardKeptFiles).toBeUndefined();
    expect(parseAppConfig({ ...valid, adminsMayDiscardKeptFiles: true }).adminsMayDiscardKeptFiles).toBe(
      true,
    );
    expect(() => parseAppConfig({ ...valid, adminsMayDiscardKeptFiles: 'yes' })).toThrow(ConfigError);
  });

  it('lists every problem at once', () => {
    const error = (() => {
      try {
        parseAppConfig({ apiUrl: 'ftp://x', oidc: { clientId: '', scopes: 'profile' }, maxUploadBytes: -1 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      '"apiUrl" must be an http(s) URL, got "ftp://x".',
      '"oidc.authority" must be a URL.',
      '"oidc.clientId" must be a non-empty string.',
      '"environment" must be a non-empty string.',
      '"oidc.scopes" must include "openid".',
      '"maxUploadBytes" must be a positive whole number.',
    ]);
  });

  it.each([null, [], 'config', 42])('rejects %j as not an object', (json) => {
    expect(() => parseAppConfig(json)).toThrow('The configuration is not a JSON object.');
  });
});

describe('fetchAppConfig', () => {
  it('loads and validates /config.json', async () => {
    await expect(fetchAppConfig('/config.json', respond(JSON.stringify(valid)))).resolves.toMatchObject({
      environment: 'production',
    });
  });

  it('reports a missing file', async () => {
    await expect(fetchAppConfig('/config.json', respond('Not found', 404))).rejects.toThrow(
      'The configuration at /config.json is missing (HTTP 404).',
    );
  });

  it('reports a file that is not JSON (e.g. the SPA fallback page)', async () => {
    await expect(fetchAppConfig('/config.json', respond('<!doctype html><html></html>'))).rejects.toThrow(
      'The configuration at /config.json is not valid JSON.',
    );
  });

  it('reports an unreachable server', async () => {
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchAppConfig('/config.json', offline)).rejects.toThrow('could not be fetched');
  });
});
