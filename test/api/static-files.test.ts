import { describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { createTestApp } from './support/test-app';
import { signUp } from './support/users';

describe('stored media and built files', () => {
  it('serves a stored file for a year, and answers a missing one with a 404 in the error shape that no cache keeps', async () => {
    const t = await createTestApp();
    const owner = await signUp(t, 'Owner');
    const form = new FormData();
    form.set('file', new File([new Uint8Array(await smallPanorama(400))], 'logo.jpg'));
    const { url } = await (await t.app.request('/api/assets/upload', { method: 'POST', body: form, headers: owner.auth })).json();
    const stored = await t.app.request(url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('Cache-Control')).toContain('immutable');

    const missing = await t.app.request('/media/assets/0123456789abcdef0123456789abcdef.jpg');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    expect(await missing.json()).toMatchObject({ error: { code: 'NotFound' } });
  });

  it('answers a missing viewer chunk with a 404, while other page addresses still get the owners app', async () => {
    const t = await createTestApp();
    const chunk = await t.app.request('/embed/no-such-chunk.js');
    expect(chunk.status).toBe(404);
    expect(chunk.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    const page = await t.app.request('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toContain('text/html');
  });
});
