import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';

/** Every request body outside the upload routes, JSON or not. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** A body over `maxBytes` is refused with 413 before it is read: by its Content-Length, or while it streams in. */
export function bodyLimitOf(maxBytes: number, what: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'PayloadTooLarge', `The ${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    },
  });
}

const uploadLimits = new WeakMap<object, MiddlewareHandler<AppEnv>>();

/**
 * Marks a route as an upload of at most `maxBytes`. The marker itself does nothing: requestLimits(), which runs
 * before every API route, finds it among the matched handlers and applies this limit in place of the 2 MB one
 * (two nested limits would leave the smaller in force).
 */
export function uploadLimit(maxBytes: number, what: string): MiddlewareHandler<AppEnv> {
  const marker: MiddlewareHandler<AppEnv> = (_c, next) => next();
  // Room for the multipart envelope and the other fields.
  uploadLimits.set(marker, bodyLimitOf(maxBytes + 64 * 1024, what));
  return marker;
}

/** The body limit of the upload route this request is going to, if it is going to one. */
export function uploadLimitFor(c: Context<AppEnv>): MiddlewareHandler<AppEnv> | undefined {
  for (const route of matchedRoutes(c)) {
    const limit = uploadLimits.get(route.handler);
    if (limit) return limit;
  }
  return undefined;
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
