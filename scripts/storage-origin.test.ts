import { describe, expect, it } from 'vitest';
import { s3StorageOrigin } from './storage-origin.mjs';

describe('the storage origin npm start gives the app in S3 mode', () => {
  it('is none with the built-in storage (the API origin serves it)', () => {
    expect(s3StorageOrigin({})).toBeUndefined();
  });

  it("is the endpoint's origin for path-style URLs, the default", () => {
    expect(s3StorageOrigin({ SANDBOX_S3_ENDPOINT: 'http://127.0.0.1:9000/' })).toBe('http://127.0.0.1:9000');
    expect(
      s3StorageOrigin({
        SANDBOX_S3_ENDPOINT: 'https://minio.plant.example:9443/s3',
        SANDBOX_S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toBe('https://minio.plant.example:9443');
  });

  it("is the bucket's virtual host for virtual-hosted-style URLs", () => {
    expect(
      s3StorageOrigin({
        SANDBOX_S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
        SANDBOX_S3_BUCKET: 'floor-files',
        SANDBOX_S3_FORCE_PATH_STYLE: 'false',
      }),
    ).toBe('https://floor-files.s3.eu-central-1.amazonaws.com');
  });
});
