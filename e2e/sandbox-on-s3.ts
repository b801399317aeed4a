// The sandbox for the browser journeys in S3 mode (E2E_STORAGE=s3): s3rver, an independent S3
// implementation, on E2E_S3_PORT in this process, then the sandbox itself configured for it through the
// same SANDBOX_S3_* variables a deployment would set. Both stop with this process.
import { S3RVER_KEY, startS3Server } from '../sandbox/test/s3-server.ts';

const s3 = await startS3Server(Number(process.env.E2E_S3_PORT));
Object.assign(process.env, {
  SANDBOX_S3_ENDPOINT: s3.endpoint,
  SANDBOX_S3_BUCKET: s3.storage.bucket,
  SANDBOX_S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
  SANDBOX_S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
  SANDBOX_S3_FORCE_PATH_STYLE: 'true',
});
await import('../sandbox/src/main.ts');
