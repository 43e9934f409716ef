import busboy from 'busboy';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/errors';
import type { QueueTurn } from '../media/image-queue';
import { clientAddress } from '../http/rate-limit';

/** Uploads are spooled to `.upload-<random>.tmp` in the data folder while they are read. */
const SPOOL_PREFIX = '.upload-';
const SPOOL_SUFFIX = '.tmp';

/**
 * Removes the spool files a process that ended mid-upload (killed, crashed) left in the data folder, answering how
 * many went. Called at start while this process holds the data folder's lock, so no upload is being read into them.
 */
export async function removeLeftoverSpools(dataDir: string): Promise<number> {
  const leftovers = (await readdir(dataDir)).filter((name) => name.startsWith(SPOOL_PREFIX) && name.endsWith(SPOOL_SUFFIX));
  await Promise.all(leftovers.map((name) => unlink(join(dataDir, name))));
  return leftovers.length;
}

/** Every request body outside the upload routes, JSON or not. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Room for the multipart envelope and the other fields around an upload's file. */
const FORM_ENVELOPE_BYTES = 64 * 1024;

function tooLarge(maxBytes: number, what: string): ApiError {
  return new ApiError(413, 'PayloadTooLarge', `The ${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}

/** A body over `maxBytes` is refused with 413 before it is read: by its Content-Length, or while it streams in. */
export function bodyLimitOf(maxBytes: number, what: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes, what);
    },
  });
}

/** How large an upload route's file may be, and what the route calls it in its 413. */
export interface UploadLimit {
  maxBytes: number;
  what: string;
}

const uploadLimits = new WeakMap<object, UploadLimit>();

/**
 * Marks a route as an upload of at most `maxBytes`. The marker itself does nothing: requestLimits(), which runs
 * before every API route, finds it among the matched handlers and spares the route the 2 MB limit (which would
 * buffer a body sent without a length); readUpload() counts the body against this limit as it streams.
 */
export function uploadLimit(maxBytes: number, what: string): MiddlewareHandler<AppEnv> {
  const marker: MiddlewareHandler<AppEnv> = (_c, next) => next();
  uploadLimits.set(marker, { maxBytes, what });
  return marker;
}

/** The limit of the upload route this request is going to, if it is going to one. */
export function uploadLimitFor(c: Context<AppEnv>): UploadLimit | undefined {
  for (const route of matchedRoutes(c)) {
    const limit = uploadLimits.get(route.handler);
    if (limit) return limit;
  }
  return undefined;
}

/** 413 at once for an upload whose declared length is over its limit, before a byte of it is read. */
export function refuseDeclaredOversize(c: Context<AppEnv>, limit: UploadLimit): void {
  const declared = Number(c.req.header('Content-Length'));
  if (declared > limit.maxBytes + FORM_ENVELOPE_BYTES) throw tooLarge(limit.maxBytes, limit.what);
}

/** The uploaded file, on disk for as long as the request's handler runs. */
export interface SpooledFile {
  path: string;
  /** The file's name as the client gave it. */
  name: string;
  size: number;
}

export interface Upload {
  file: SpooledFile;
  fields: Record<string, string>;
}

export interface UploadForm {
  /** The form field that holds the file. */
  fileField: string;
  /**
   * Decides whether the caller may upload at all, from one field (say, the tour's id), as soon as that field is
   * read: before the file when the client sends it first, as the admin does. A refusal answers at once. When the
   * form ends without the field, the check gets undefined.
   */
  gate?: { field: string; check: (value: string | undefined) => Promise<unknown> };
}

/**
 * Reads a multipart upload as it streams in and gives `use` the file spooled to a temporary file in the data
 * folder, removed when `use` ends, whatever happens; the file is never held whole in memory. 400 when the body is
 * not a form with the file, 413 once it passes the route's limit. A refused upload (by the gate or the limit) is
 * answered at once and the rest of its body is read and dropped as it arrives, so the client, still sending, gets
 * to read the answer.
 */
export async function withUpload<T>(c: Context<AppEnv>, form: UploadForm, use: (upload: Upload) => Promise<T>): Promise<T> {
  const limit = uploadLimitFor(c);
  if (!limit) throw new Error(`${c.req.path} reads an upload but has no uploadLimit()`);
  const contentType = c.req.header('Content-Type');
  const body = c.req.raw.body;
  if (!contentType?.startsWith('multipart/form-data') || !body) {
    throw new ApiError(400, 'BadRequest', 'Send the file as multipart/form-data.');
  }
  const spool: SpooledFile = { path: join(c.get('config').dataDir, `${SPOOL_PREFIX}${randomBytes(12).toString('hex')}${SPOOL_SUFFIX}`), name: '', size: 0 };
  const reader = body.getReader();
  try {
    const fields = await receiveForm(reader, contentType, form, limit, spool);
    if (spool.size === 0) throw new ApiError(400, 'BadRequest', `The form field "${form.fileField}" must hold a file.`);
    return await use({ file: spool, fields });
  } finally {
    await unlink(spool.path).catch(() => undefined);
  }
}

/** Parses the form into `spool` and answers its other fields once the whole body is in and the gate passed. */
async function receiveForm(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  contentType: string,
  form: UploadForm,
  limit: UploadLimit,
  spool: SpooledFile,
): Promise<Record<string, string>> {
  const unreadable = () => new ApiError(400, 'BadRequest', 'The upload could not be read.');
  const fields: Record<string, string> = {};
  let refuse!: (err: unknown) => void;
  // Settles only with a refusal: raced against every read, so a refusal never waits for the body.
  const refused = new Promise<never>((_, reject) => (refuse = reject));
  refused.catch(() => undefined);
  let gate: Promise<unknown> | undefined;
  const openGate = (value: string | undefined) => {
    if (gate || !form.gate) return;
    gate = form.gate.check(value);
    gate.catch(refuse);
  };
  let spooled: WriteStream | undefined;
  let written: Promise<void> | undefined;

  const parser = busboy({
    headers: { 'content-type': contentType },
    limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: limit.maxBytes },
  });
  parser.on('field', (name, value) => {
    if (name in fields) return;
    fields[name] = value;
    if (name === form.gate?.field) openGate(value);
  });
  parser.on('file', (name, stream, info) => {
    if (name !== form.fileField) return void stream.resume();
    spool.name = info.filename ?? '';
    spooled = createWriteStream(spool.path, { flags: 'wx', mode: 0o600 });
    stream.on('data', (chunk: Buffer) => (spool.size += chunk.length));
    stream.on('limit', () => refuse(tooLarge(limit.maxBytes, limit.what)));
    written = pipeline(stream, spooled);
    written.catch((err: NodeJS.ErrnoException) =>
      refuse(
        err.syscall
          ? new ApiError(507, 'StorageFailed', `Could not receive the ${limit.what}: the data folder is full or read-only.`, {
              details: { reason: err.code ?? 'unknown' },
            })
          : err,
      ),
    );
  });
  parser.on('error', () => refuse(unreadable()));
  const parsed = new Promise<void>((resolve) => parser.on('close', resolve));

  let received = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), refused]).catch((err) => {
        throw err instanceof ApiError ? err : unreadable();
      });
      if (done) break;
      received += value.length;
      if (received > limit.maxBytes + FORM_ENVELOPE_BYTES) throw tooLarge(limit.maxBytes, limit.what);
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), refused]);
    }
    parser.end();
    await Promise.race([parsed, refused]);
    if (written) await Promise.race([written, refused]);
    openGate(undefined);
    await gate;
    return fields;
  } catch (err) {
    void discardRest(reader, limit.maxBytes + FORM_ENVELOPE_BYTES - received);
    parser.destroy();
    // Closed before the caller removes it: a file still being opened would otherwise appear after its removal.
    spooled?.destroy();
    if (spooled) await finished(spooled).catch(() => undefined);
    throw err;
  }
}

/**
 * Reads and drops what the client still sends after its upload was refused, up to the route's limit; beyond
 * that, the connection is closed.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, allowance: number): Promise<void> {
  try {
    for (let left = allowance; left >= 0;) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.length;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing is left to drop.
  }
}

/** Whom an upload's processing waits in the image queue for: the caller's address, then their account. */
export function uploaderTurn(c: Context<AppEnv>): QueueTurn {
  const user = c.get('user');
  const address = `address ${clientAddress(c)}`;
  return user ? [address, `account ${user.id}`] : [address];
}

export function isTruthyField(value: string | undefined): boolean {
  return value === '1' || value === 'true' || value === 'on';
}
