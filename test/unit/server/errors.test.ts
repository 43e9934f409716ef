import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, handleError } from '../../../api/errors';

function appThrowing(err: Error): Hono {
  const app = new Hono();
  app.use(requestId());
  app.get('/boom', () => {
    throw err;
  });
  app.onError(handleError);
  return app;
}

afterEach(() => vi.restoreAllMocks());

describe('handleError', () => {
  it('answers an unexpected failure with 500 in the one shape, no stack or message, logged once with the request id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await appThrowing(new Error('database password is hunter2')).request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'InternalError', message: 'Something went wrong on our side.' } });
    expect(text).not.toMatch(/hunter2|\.ts:\d+|at /);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain(response.headers.get('x-request-id')!);
  });

  it('answers an ApiError with its status, code and details, logged once as a warning with the request id', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const response = await appThrowing(new ApiError(409, 'StaleRevision', 'Changed meanwhile.', { revision: 4 })).request('/boom');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'StaleRevision', message: 'Changed meanwhile.', details: { revision: 4 } } });
    expect(warned).toHaveBeenCalledTimes(1);
    expect(String(warned.mock.calls[0][0])).toContain(response.headers.get('x-request-id')!);
  });
});
