import { GetBucketCorsCommand, PutBucketCorsCommand, type CORSRule, type S3Client } from '@aws-sdk/client-s3';
import { EXPOSED_HEADER_NAMES, STORAGE_METHODS } from './cors.ts';

/** The browser must be able to PUT with a Content-Type, GET and HEAD, and read ETag. */
const REQUIRED_EXPOSED = ['ETag'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function appCorsRules(origins: readonly string[]): CORSRule[] {
  return [
    {
      AllowedOrigins: [...origins],
      AllowedMethods: [...STORAGE_METHODS],
      AllowedHeaders: ['*'],
      ExposeHeaders: [...EXPOSED_HEADER_NAMES],
      MaxAgeSeconds: PREFLIGHT_MAX_AGE_SECONDS,
    },
  ];
}

/** S3 matches AllowedOrigins exactly or with one `*` wildcard. */
function matches(pattern: string, value: string, caseInsensitive = false): boolean {
  const [p, v] = caseInsensitive ? [pattern.toLowerCase(), value.toLowerCase()] : [pattern, value];
  const star = p.indexOf('*');
  if (star === -1) return p === v;
  return v.length >= p.length - 1 && v.startsWith(p.slice(0, star)) && v.endsWith(p.slice(star + 1));
}

/** What the bucket's rules fail to allow the app's origins, one line each; empty when nothing is missing. */
export function missingCorsRules(rules: readonly CORSRule[], origins: readonly string[]): string[] {
  const missing: string[] = [];
  for (const origin of origins) {
    const forOrigin = rules.filter((r) => (r.AllowedOrigins ?? []).some((o) => matches(o, origin)));
    if (forOrigin.length === 0) {
      missing.push(`origin ${origin} is not allowed`);
      continue;
    }
    for (const method of STORAGE_METHODS) {
      if (!forOrigin.some((r) => (r.AllowedMethods ?? []).includes(method))) {
        missing.push(`method ${method} is not allowed for ${origin}`);
      }
    }
    const puts = forOrigin.filter((r) => (r.AllowedMethods ?? []).includes('PUT'));
    if (
      puts.length > 0 &&
      !puts.some((r) => (r.AllowedHeaders ?? []).some((h) => matches(h, 'content-type', true)))
    ) {
      missing.push(`request header Content-Type is not allowed for PUT from ${origin}`);
    }
    for (const header of REQUIRED_EXPOSED) {
      if (
        !forOrigin.some((r) => (r.ExposeHeaders ?? []).some((h) => h.toLowerCase() === header.toLowerCase()))
      ) {
        missing.push(`response header ${header} is not exposed to ${origin}`);
      }
    }
  }
  return missing;
}

export type CorsOutcome = { applied: true } | { applied: false; reason: string; missing: string[] };

/**
 * Sets the bucket's CORS rules to what the app needs; when the credentials may not, reads the rules
 * and reports what they lack (the app cannot upload from an origin they do not allow).
 */
export async function ensureBucketCors(
  client: S3Client,
  bucket: string,
  origins: readonly string[],
): Promise<CorsOutcome> {
  try {
    await client.send(
      new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: appCorsRules(origins) } }),
    );
    return { applied: true };
  } catch (error) {
    const reason = (error as Error).name || 'refused';
    let rules: CORSRule[] = [];
    try {
      rules = (await client.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules ?? [];
    } catch (readError) {
      if ((readError as Error).name !== 'NoSuchCORSConfiguration') {
        return {
          applied: false,
          reason,
          missing: [`the rules could not be read either (${(readError as Error).name})`],
        };
      }
    }
    return { applied: false, reason, missing: missingCorsRules(rules, origins) };
  }
}
