import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../../api/app-env';
import { ApiError, handleError } from '../../../../api/http/errors';
import { waitInWords } from '../../../../api/http/rate-limit';
import { captureLog, type CapturedLog } from '../../../support/log-lines';

function appThrowing(err: Error, log: CapturedLog): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('logger', log.logger);
    await next();
  });
  app.get('/boom', () => {
    throw err;
  });
  app.onError(handleError);
  return app;
}

describe('handleError', () => {
  it('answers an unexpected failure with 500 in the one shape, no stack or message, logged once with the request id', async () => {
    const log = await captureLog();
    const response = await appThrowing(new Error('database password is hunter2'), log).request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'InternalError', message: 'Something went wrong on our side.' } });
    expect(text).not.toMatch(/hunter2|\.ts:\d+|at /);
    expect(log.lines()).toHaveLength(1);
    expect(log.lines()[0]).toMatchObject({ level: 50, requestId: response.headers.get('x-request-id'), err: { message: 'database password is hunter2' } });
  });

  it('answers an ApiError with its status, code and details, logged once as a warning with the request id', async () => {
    const log = await captureLog();
    const response = await appThrowing(new ApiError(409, 'StaleRevision', 'Changed meanwhile.', { details: { revision: 4 } }), log).request('/boom');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'StaleRevision', message: 'Changed meanwhile.', details: { revision: 4 } } });
    expect(log.lines()).toEqual([expect.objectContaining({ level: 40, requestId: response.headers.get('x-request-id'), code: 'StaleRevision', status: 409 })]);
  });
});

describe('waitInWords', () => {
  it('says a wait as a person reads it, rounded up to whole minutes from a minute on', () => {
    expect([1, 40, 59, 60, 61, 120, 899].map(waitInWords)).toEqual([
      '1 second',
      '40 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '2 minutes',
      '15 minutes',
    ]);
  });
});
