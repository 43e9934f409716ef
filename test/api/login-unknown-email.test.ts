import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from './support/test-app';
import { json, signUp } from './support/users';

// A spy that calls through: the real argon2id runs, and the test counts how often a password is verified.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

describe('sign-in with an unknown e-mail', () => {
  it('verifies the password against a hash all the same, as for a known e-mail with a wrong password', async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const { email } = await t.db.selectFrom('user').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow();
    const verify = vi.mocked(argon2.verify);

    verify.mockClear();
    expect((await t.app.request('/api/auth/login', json({ email, password: 'wrong password' }))).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);

    verify.mockClear();
    const unknown = await t.app.request('/api/auth/login', json({ email: 'nobody@example.com', password: 'wrong password' }));
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.code).toBe('InvalidCredentials');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0][0], 'against an argon2id hash of the same cost').toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
