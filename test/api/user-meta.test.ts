import { describe, expect, it } from 'vitest';
import { MAX_META_BYTES } from '../../api/users/user-meta';
import { createTestApp } from './support/test-app';
import { json, signUp } from './support/users';

describe('POST /api/users/{id} meta bounds', () => {
  async function owner() {
    const t = await createTestApp();
    const user = await signUp(t);
    expect((await t.app.request(`/api/users/${user.id}`, json({ meta: { plan: 'kept' } }, user.auth))).status).toBe(200);
    const stored = () =>
      t.db
        .selectFrom('user')
        .select('meta')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
        .then((r) => r.meta);
    return { t, user, stored };
  }

  it('refuses a 20 000-deep meta with 422 in the error shape and keeps the stored one', async () => {
    const { t, user, stored } = await owner();
    // Built as text: JSON.stringify itself overflows the stack on an object this deep.
    const deep = `{"meta":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const response = await t.app.request(`/api/users/${user.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...user.auth },
      body: deep,
    });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('ValidationFailed');
    expect(error.details.fieldErrors.meta).toBeDefined();
    expect(await stored()).toBe('{"plan":"kept"}');
  });

  it('refuses a 1 MB meta with 413 in the error shape and keeps the stored one', async () => {
    const { t, user, stored } = await owner();
    const response = await t.app.request(`/api/users/${user.id}`, json({ meta: { blob: 'x'.repeat(1024 * 1024) } }, user.auth));
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatchObject({ code: 'PayloadTooLarge', details: { field: 'meta', maxBytes: MAX_META_BYTES } });
    expect(await stored()).toBe('{"plan":"kept"}');
  });

  it('still stores an ordinary nested meta', async () => {
    const { t, user } = await owner();
    const meta = { onboarding: { steps: [{ done: true, at: '2026-11-24' }] }, note: 'x'.repeat(500) };
    const response = await t.app.request(`/api/users/${user.id}`, json({ meta }, user.auth));
    expect(response.status).toBe(200);
    expect((await response.json()).meta).toEqual(meta);
  });
});
