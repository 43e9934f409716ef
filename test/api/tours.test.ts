import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app';

describe('GET /api/tours/{shortId}', () => {
  it('answers an unknown tour with 404 and the invalid-tour message in the one error shape', async () => {
    const { app } = await createTestApp();
    const response = await app.request('/api/tours/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 'TourNotFound',
        message: 'Error: This does not appear to be a valid tour. Please check the URL and try again.',
      },
    });
  });

  it('answers unknown API routes with the one error shape', async () => {
    const { app } = await createTestApp();
    const response = await app.request('/api/no/such/route', { method: 'POST' });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NotFound');
  });
});
