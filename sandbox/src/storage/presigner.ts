import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { systemClock, type Clock } from '../clock.ts';
import { attachmentDisposition } from './content-disposition.ts';

export interface PresignerOptions {
  endpoint: string;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  expiresInSeconds: number;
  /** Signing time (X-Amz-Date), from which the URL's lifetime runs. */
  clock?: Clock;
}

export interface Presigner {
  client: S3Client;
  bucket: string;
  presignPut(key: string, contentType: string): Promise<string>;
  presignGet(key: string, filename: string, contentType: string): Promise<string>;
}

/** Presigned URLs made by the AWS SDK, identical in form to what the real service hands out. */
export function createPresigner(options: PresignerOptions): Presigner {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Otherwise the SDK adds checksum parameters the browser cannot satisfy.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, expiresInSeconds } = options;
  const clock = options.clock ?? systemClock;
  return {
    client,
    bucket,
    presignPut: (key, contentType) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
        signingDate: new Date(clock.now()),
        // Content-Type stays a signed header (not hoisted to the query): a PUT with another type fails.
        signableHeaders: new Set(['content-type']),
      }),
    presignGet: (key, filename, contentType) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(filename),
          ResponseContentType: contentType,
        }),
        { expiresIn: expiresInSeconds, signingDate: new Date(clock.now()) },
      ),
  };
}
