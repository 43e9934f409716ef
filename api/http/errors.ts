import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import type { ErrorBody, ErrorCode } from '../schema/errors';

export interface ApiErrorOptions {
  /** What the client may act on, such as the failing fields or the current revision. */
  details?: unknown;
  /** Headers the answer carries, such as a 429's Retry-After. */
  headers?: Record<string, string>;
  /** The failure behind it, logged with it. */
  cause?: unknown;
}

/** The one error type of the API; `onError` turns it into the one error shape. */
export class ApiError extends Error {
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    { details, headers = {}, cause }: ApiErrorOptions = {},
  ) {
    super(message, { cause });
    this.details = details;
    this.headers = headers;
  }
}

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Parses with a zod schema, answering 422 with the failing paths on invalid values. */
export function parseOr422<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError(422, 'ValidationFailed', 'Some values are not valid.', { details: z.flattenError(result.error as z.ZodError<unknown>) });
  }
  return result.data;
}

/** Reads a JSON body; malformed JSON is a 400, not a crash. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'BadRequest', 'The request body is not valid JSON.');
  }
}

/** Answers in the one error shape; a failure on our side is logged once, with its request id. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) {
    if (err.status >= 500) c.get('logger').error({ requestId: c.get('requestId'), err }, `${c.req.method} ${c.req.path} failed`);
    else c.get('logger').warn({ requestId: c.get('requestId'), status: err.status, code: err.code }, `${c.req.method} ${c.req.path} refused`);
    return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const code: ErrorCode = err.status === 413 ? 'PayloadTooLarge' : err.status === 401 ? 'Unauthorized' : 'BadRequest';
    return c.json(errorBody(code, err.message || 'Bad request.'), err.status);
  }
  c.get('logger').error({ requestId: c.get('requestId'), err }, `${c.req.method} ${c.req.path} failed`);
  return c.json(errorBody('InternalError', 'Something went wrong on our side.'), 500);
}
