import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import type { S3Config } from '../../api/config/config';
import { createS3Client } from '../../api/media/s3-media-storage';
import { TEMP_ROOT_VARIABLE } from '../api/support/temp-root-variable';

export const TEST_BUCKET = 'tour-media';

export interface TestS3 {
  /** The S3_* settings that point the app at the bucket. */
  env: Record<string, string>;
  config: S3Config;
  /** A client of its own, to look into the bucket behind the app's back. */
  client: S3Client;
  /** The S3_* settings of a new empty bucket on the same server, for a test that wants one of its own. */
  newBucket(): Promise<Record<string, string>>;
  /** Every key in a bucket (the first 1000), sorted. */
  keys(bucket: string): Promise<string[]>;
  /** Dates every object in a bucket as last written `ageMs` ago, as an old upload would be. */
  writtenAgo(bucket: string, ageMs: number): void;
}

/** An S3-protocol server for this test file, stopped after it. */
export async function startTestS3(): Promise<TestS3> {
  const s3 = await runS3Server();
  afterAll(() => s3.stop());
  return s3;
}

/**
 * An S3-protocol server on loopback (s3rver, from npm) with one empty bucket, until `stop`, which removes the
 * temporary folder its objects live in.
 */
export async function runS3Server(): Promise<TestS3 & { stop(): Promise<void> }> {
  const directory = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  const { port } = await server.run();
  // s3rver takes any key pair.
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: TEST_BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const config: S3Config = { endpoint: env.S3_ENDPOINT, bucket: TEST_BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };
  const client = createS3Client(config);
  return {
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
    env,
    config,
    client,
    newBucket: async () => {
      const bucket = `media-${randomBytes(8).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { ...env, S3_BUCKET: bucket };
    },
    writtenAgo: (bucket, ageMs) => {
      const when = new Date(Date.now() - ageMs);
      // s3rver keeps each object in a file of this suffix and gives its modification time as LastModified.
      for (const entry of readdirSync(join(directory, bucket), { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && entry.name.endsWith('._S3rver_object')) utimesSync(join(entry.parentPath, entry.name), when, when);
      }
    },
    keys: async (bucket) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map(({ Key }) => Key!).sort(),
  };
}
