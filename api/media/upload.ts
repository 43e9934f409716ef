import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';

/** A multipart body over the limit is refused before it is read: 413. */
export function uploadLimit(maxBytes: number, what: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024, // room for the multipart envelope and the other fields
    onError: () => {
      throw new ApiError(413, 'PayloadTooLarge', `The ${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    },
  });
}

export interface Upload {
  file: File;
  fields: Record<string, string>;
}

/** Reads a multipart form with one file field; 400 when it is not multipart or the file is missing. */
export async function readUpload(c: Context<AppEnv>, fileField: string): Promise<Upload> {
  if (!c.req.header('Content-Type')?.startsWith('multipart/form-data')) {
    throw new ApiError(400, 'BadRequest', 'Send the file as multipart/form-data.');
  }
  const body = await c.req.parseBody().catch(() => {
    throw new ApiError(400, 'BadRequest', 'The upload could not be read.');
  });
  const file = body[fileField];
  if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'BadRequest', `The form field "${fileField}" must hold a file.`);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return { file, fields };
}

export function isTruthyField(value: string | undefined): boolean {
  return value === '1' || value === 'true' || value === 'on';
}
