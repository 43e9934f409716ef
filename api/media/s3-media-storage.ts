import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config/config';
import { checkedMediaPath, IMMUTABLE_CACHE_CONTROL, type MediaStorage, type StoredFile } from './media-storage';

/** A client for S3-compatible storage (MinIO, Ceph, R2, AWS itself) as the S3_* settings describe it. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Buckets as a path (host/bucket/key): S3-compatible servers rarely have a DNS name per bucket.
    forcePathStyle: true,
    // The SDK would otherwise send CRC32 checksums in aws-chunked bodies, which many S3-compatible servers refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The HTTP status an S3 request failed with (404 for a missing object or bucket), if it got that far. */
function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** Answers undefined for a missing object; any other failure throws. */
async function unlessMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw err;
  }
}

/** The headers the local store sends for a file, from the object's own metadata. */
function objectHeaders(object: GetObjectCommandOutput | HeadObjectCommandOutput): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': object.ContentType ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
  if (object.ContentLength !== undefined) headers['Content-Length'] = String(object.ContentLength);
  if (object.ETag) headers.ETag = object.ETag;
  if (object.LastModified) headers['Last-Modified'] = object.LastModified.toUTCString();
  if (object.ContentRange) headers['Content-Range'] = object.ContentRange;
  return headers;
}

/**
 * Media in a bucket of S3-compatible storage, shared by every instance. Objects are keyed by their media path
 * (`tours/….jpg`), so a CDN in front of the bucket serves the same addresses under MEDIA_BASE_URL.
 */
export class S3MediaStorage implements MediaStorage {
  readonly failedPutReason = 'the media bucket could not be reached or refused it';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  /** An object appears whole or not at all, so no temp name is needed. */
  async put(path: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedMediaPath(path),
        Body: data,
        ContentType: getMimeType(path) ?? 'application/octet-stream',
        // What a CDN in front of the bucket sends on; the app's own /media answers say the same.
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(path: string): Promise<Readable | undefined> {
    const object = await unlessMissing(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedMediaPath(path) })));
    return object?.Body as Readable | undefined;
  }

  /** S3 deletes a missing object without a word, so whether it was there is asked first. */
  async delete(path: string): Promise<boolean> {
    if (!(await this.exists(path))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedMediaPath(path) }));
    return true;
  }

  async exists(path: string): Promise<boolean> {
    return (await unlessMissing(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedMediaPath(path) })))) !== undefined;
  }

  async list(folder: string): Promise<StoredFile[]> {
    const prefix = `${checkedMediaPath(folder)}/`;
    const files: StoredFile[] = [];
    // A page holds at most 1000 keys; the sweep needs them all.
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix, Delimiter: '/' })) {
      for (const { Key, LastModified } of page.Contents ?? []) {
        if (Key && LastModified) files.push({ name: Key.slice(prefix.length), modifiedMs: LastModified.getTime() });
      }
    }
    return files;
  }

  /** Lists the keys under the folder without a delimiter (every depth) and deletes them a page (1000) at a time. */
  async removeFolder(folder: string): Promise<number> {
    const prefix = `${checkedMediaPath(folder)}/`;
    let removed = 0;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
      const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key ? [{ Key }] : []));
      if (keys.length === 0) continue;
      const { Errors } = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (Errors?.length) throw new Error(`${Errors.length} object(s) under ${prefix} could not be deleted: ${Errors[0].Message ?? Errors[0].Code}`);
      removed += keys.length;
    }
    return removed;
  }

  /** A real write and delete: a missing bucket, wrong keys and a read-only policy all show up. */
  async writable(): Promise<boolean> {
    const probe = `.ready-${randomUUID()}`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: Buffer.alloc(0), ContentLength: 0 }));
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }));
      return true;
    } catch {
      return false;
    }
  }

  /** Streams the object with its type, length, ETag and date, a part of it for a Range, a 304 for its own ETag. */
  serve(): MiddlewareHandler {
    return async (c, next) => {
      const path = c.req.path.replace(/^\/media\//, '');
      // Stored names are plain: anything encoded, or a path that could leave the media, is no stored file.
      if (path.includes('%') || path.includes('\\')) return next();
      try {
        checkedMediaPath(path);
      } catch {
        return next();
      }
      try {
        return await this.answer(c, path);
      } catch (err) {
        if (statusOf(err) === 404) return next();
        throw err;
      }
    };
  }

  private async answer(c: Context, key: string): Promise<Response> {
    const head = () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    if (c.req.method === 'HEAD') return c.body(null, 200, objectHeaders(await head()));
    // A revalidation is answered from the object's metadata, without fetching its bytes.
    const known = c.req.header('If-None-Match');
    if (known) {
      const { ETag } = await head();
      if (ETag && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === ETag)) return c.body(null, 304, { ETag });
    }
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: c.req.header('Range') }));
      const body = (object.Body as Readable & { transformToWebStream(): ReadableStream }).transformToWebStream();
      return c.body(body, object.ContentRange ? 206 : 200, objectHeaders(object));
    } catch (err) {
      if (statusOf(err) !== 416) throw err;
      return c.body(null, 416, { 'Content-Range': `bytes */${(await head()).ContentLength}` });
    }
  }
}
