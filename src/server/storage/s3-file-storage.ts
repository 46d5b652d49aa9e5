import type * as S3 from '@aws-sdk/client-s3';
import { contentTypeOf } from './image-type.ts';
import { STORED_NAME, withNewNames, type FileStorage } from './file-storage.ts';

/** An S3-compatible bucket (S3_BUCKET and the settings beside it, config.ts). */
export interface S3Options {
  bucket: string;
  region: string;
  /** Another S3-compatible service than AWS's (MinIO, R2, a local server), path-style. */
  endpoint?: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Where in the bucket the uploads are. */
const keyOf = (name: string) => `uploads/${name}`;

const missing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** Files in a bucket, through the official SDK (loaded when the store is first used). */
export function s3FileStorage(options: S3Options): FileStorage {
  let sdk: Promise<{ client: S3.S3Client; module: typeof S3 }> | undefined;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((module) => ({
      module,
      client: new module.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
    })));
  return withNewNames({
    async put(name, data) {
      const { client, module } = await connect();
      await client.send(
        new module.PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(name),
          Body: data,
          ContentType: contentTypeOf(name),
        }),
      );
    },
    async read(name) {
      if (!STORED_NAME.test(name)) return null;
      const { client, module } = await connect();
      try {
        const answer = await client.send(
          new module.GetObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }),
        );
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async has(name) {
      const { client, module } = await connect();
      try {
        await client.send(
          new module.HeadObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }),
        );
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async remove(name) {
      const { client, module } = await connect();
      await client.send(
        new module.DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }),
      );
    },
  });
}
