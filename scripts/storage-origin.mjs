// The origin the browser PUTs and GETs files at when the sandbox uses S3-compatible storage, derived from
// the same SANDBOX_S3_* variables the sandbox reads, so the app's Content-Security-Policy allows it.

/**
 * `APP_STORAGE_ORIGINS` for the app server: the S3 endpoint's origin (path-style URLs) or the bucket's
 * virtual host on it (SANDBOX_S3_FORCE_PATH_STYLE=false); undefined with the built-in storage.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | undefined}
 */
export function s3StorageOrigin(env) {
  if (!env.SANDBOX_S3_ENDPOINT) return undefined;
  const endpoint = new URL(env.SANDBOX_S3_ENDPOINT);
  if (env.SANDBOX_S3_FORCE_PATH_STYLE !== 'false') return endpoint.origin;
  const bucket = env.SANDBOX_S3_BUCKET || 'sandbox';
  return `${endpoint.protocol}//${bucket}.${endpoint.host}`;
}
