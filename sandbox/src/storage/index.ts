import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { StorageService, UploadGate } from '../contracts.ts';
import { loadOrCreateCredentials } from './credentials.ts';
import { createStorageEndpoint, STORAGE_PREFIX } from './endpoint.ts';
import { openObjectStore } from './object-store.ts';
import { ensureBucketCors } from './bucket-cors.ts';
import { createPresigner, type Presigner } from './presigner.ts';
import { createSignatureVerifier } from './signature-verifier.ts';
import { takingTurns } from './turns.ts';

const BUILTIN_REGION = 'us-east-1';

/**
 * Storage for uploads and downloads.
 *
 * Built-in (default): presigned URLs point at this sandbox's own /storage/<bucket>/<key> endpoint, which
 * checks them and keeps objects under `<SANDBOX_DATA_DIR>/storage`.
 *
 * Any S3-compatible service instead, when SANDBOX_S3_ENDPOINT is set (see config.ts): SANDBOX_S3_REGION
 * (default us-east-1), SANDBOX_S3_BUCKET (default sandbox), SANDBOX_S3_ACCESS_KEY_ID,
 * SANDBOX_S3_SECRET_ACCESS_KEY, SANDBOX_S3_FORCE_PATH_STYLE (default true; "false" for virtual-hosted
 * buckets). At start the bucket's CORS rules are set for SANDBOX_ALLOWED_ORIGINS, or checked when the
 * credentials may not set them.
 */
export interface StorageDeps {
  clock: Clock;
  /** Asked about each PUT to the built-in storage (S3 uploads bypass the sandbox). */
  uploads?: UploadGate;
}

export async function createStorageService(
  config: SandboxConfig,
  deps: StorageDeps,
): Promise<StorageService> {
  return config.storage.kind === 'builtin'
    ? createBuiltinStorage(config, deps)
    : createExternalStorage(config, deps);
}

function createBuiltinStorage(config: SandboxConfig, { clock, uploads }: StorageDeps): StorageService {
  const storageDir = path.join(config.dataDir, 'storage');
  const credentials = loadOrCreateCredentials(storageDir);
  const store = openObjectStore(storageDir);
  // One presigner per base URL of the sandbox (its HTTP and its HTTPS one): URLs keep the caller's scheme.
  const presigners = new Map<string, Presigner>();
  const presignerFor = (origin = config.publicUrl): Presigner => {
    const base = origin === config.httpsUrl ? origin : config.publicUrl;
    let presigner = presigners.get(base);
    if (!presigner) {
      presigner = createPresigner({
        endpoint: `${base}${STORAGE_PREFIX}`,
        region: BUILTIN_REGION,
        bucket: config.storage.bucket,
        forcePathStyle: true,
        ...credentials,
        expiresInSeconds: config.uploadUrlTtlSeconds,
        clock,
      });
      presigners.set(base, presigner);
    }
    return presigner;
  };
  return {
    enforcesMaxUploadBytes: true,
    handle: createStorageEndpoint({
      bucket: config.storage.bucket,
      allowedOrigins: config.allowedOrigins,
      varyOrigin: config.storageVaryOrigin,
      maxUploadBytes: config.maxUploadBytes,
      verify: createSignatureVerifier(credentials, BUILTIN_REGION),
      store,
      clock,
      uploads,
    }),
    presignPut: (key, contentType, origin) => presignerFor(origin).presignPut(key, contentType),
    presignGet: takingTurns((key: string, filename: string, contentType: string, origin?: string) =>
      presignerFor(origin).presignGet(key, filename, contentType),
    ),
    async head(key) {
      const record = store.head(key);
      return record && { etag: record.etag, size: record.size, contentType: record.contentType };
    },
    delete: (key) => store.delete(key),
    async close() {
      for (const presigner of presigners.values()) presigner.client.destroy();
      store.close();
    },
  };
}

async function createExternalStorage(config: SandboxConfig, { clock }: StorageDeps): Promise<StorageService> {
  const s3 = config.storage;
  if (s3.kind !== 's3') throw new Error('external storage needs an s3 storage config');
  const presigner = createPresigner({ ...s3, expiresInSeconds: config.uploadUrlTtlSeconds, clock });
  const cors = await ensureBucketCors(presigner.client, s3.bucket, config.allowedOrigins).catch(
    (error: unknown) => {
      presigner.client.destroy();
      throw error;
    },
  );
  if (cors.applied) {
    console.log(`[sandbox] CORS rules of bucket ${s3.bucket} set for ${config.allowedOrigins.join(', ')}`);
  } else if (cors.missing.length > 0) {
    console.warn(
      `[sandbox] Could not set the CORS rules of bucket ${s3.bucket} (${cors.reason}), and the browser will be refused: ${cors.missing.join('; ')}`,
    );
  }
  return {
    // A presigned S3 PUT carries no size limit, so registration checks the stored size instead.
    enforcesMaxUploadBytes: false,
    handle: async () => false,
    presignPut: (key, contentType) => presigner.presignPut(key, contentType),
    presignGet: takingTurns((key: string, filename: string, contentType: string) =>
      presigner.presignGet(key, filename, contentType),
    ),
    async head(key) {
      try {
        const out = await presigner.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
        return {
          etag: out.ETag ?? '',
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
    },
    async delete(key) {
      await presigner.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async close() {
      presigner.client.destroy();
    },
  };
}
