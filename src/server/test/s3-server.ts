import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../storage/s3-file-storage.ts';

/**
 * A local S3-compatible server (s3rver) on a free loopback port with one empty bucket, in a
 * folder of its own that `close()` removes; its settings as S3_BUCKET and the others give them.
 */
export async function startS3Server(bucket = 'tf-uploads') {
  const directory = mkdtempSync(join(tmpdir(), 'tf-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3Options = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    options,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
