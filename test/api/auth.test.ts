import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signUserToken, tokenExpiry } from '../../api/auth/token';
import { createTestApp } from './support/test-app';
import { guest, json, signUp } from './support/users';

describe('auth and users', () => {
  it('signs up, signs in and answers the status check with the user', async () => {
    const t = await createTestApp();
    const signup = await t.app.request('/api/auth/signup', json({ name: 'Ann', email: 'Ann@Example.com', password: 'longenough' }));
    expect(signup.status).toBe(201);
    const { user } = await signup.json();
    expect(user).toMatchObject({ name: 'Ann', email: 'ann@example.com', type: 1 });
    expect(user.token).toBeTruthy();
    expect(JSON.stringify(user)).not.toContain('scrypt');

    const login = await t.app.request('/api/auth/login', json({ email: 'ann@example.com', password: 'longenough' }));
    expect(login.status).toBe(200);
    const status = await t.app.request('/api/status/user', { headers: { Authorization: `JWT ${(await login.json()).user.token}` } });
    expect(status.status).toBe(200);
    expect((await status.json()).id).toBe(user.id);
  });

  it('refuses a wrong password, a taken e-mail and invalid sign-up values', async () => {
    const t = await createTestApp();
    await t.app.request('/api/auth/signup', json({ name: 'Ann', email: 'a@example.com', password: 'longenough' }));
    const wrong = await t.app.request('/api/auth/login', json({ email: 'a@example.com', password: 'nope-nope' }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('InvalidCredentials');
    const taken = await t.app.request('/api/auth/signup', json({ name: 'B', email: 'a@example.com', password: 'longenough' }));
    expect(taken.status).toBe(409);
    const bad = await t.app.request('/api/auth/signup', json({ name: '', email: 'not-an-email', password: 'short' }));
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).error.details.fieldErrors).sort()).toEqual(['email', 'name', 'password']);
  });

  it('answers 401 to a forged, expired-secret or missing token on the status check', async () => {
    const t = await createTestApp();
    const { id, token } = await signUp(t);
    expect((await t.app.request('/api/status/user')).status).toBe(401);
    const forged = await signUserToken({ userId: id, sessionId: decodeJwt(token).jti! }, tokenExpiry(), 'another-secret');
    expect((await t.app.request('/api/status/user', { headers: { Authorization: `JWT ${forged}` } })).status).toBe(401);
    expect((await t.app.request('/api/status/user', { headers: { Authorization: 'JWT garbage' } })).status).toBe(401);
  });

  it('answers 401 to a correctly signed token that has expired, and to one naming no user', async () => {
    const t = await createTestApp();
    const { id } = await signUp(t);
    const sign = (sub: string, exp: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(exp - 60)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(t.config.jwtSecret));
    const expired = await sign(String(id), Math.floor(Date.now() / 1000) - 10);
    const response = await t.app.request('/api/status/user', { headers: { Authorization: `JWT ${expired}` } });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('Unauthorized');
    const stranger = await sign('999999', Math.floor(Date.now() / 1000) + 600);
    expect((await t.app.request('/api/status/user', { headers: { Authorization: `JWT ${stranger}` } })).status).toBe(401);
  });

  it('refuses sign-up fields with sentences an owner can act on, not validator text', async () => {
    const t = await createTestApp();
    const response = await t.app.request('/api/auth/signup', json({ name: ' ', email: 'ann@', password: 'short' }));
    expect(response.status).toBe(422);
    expect((await response.json()).error.details.fieldErrors).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter your e-mail address, like name@example.com.'],
      password: ['Your password needs at least 8 characters.'],
    });
  });

  it('lets a guest who signs up keep the tours made as a guest', async () => {
    const t = await createTestApp();
    const anon = await guest(t);
    const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: anon.auth })).json();
    const signup = await t.app.request('/api/auth/signup', json({ name: 'Gus', email: 'gus@example.com', password: 'longenough' }, anon.auth));
    const { user } = await signup.json();
    expect(user.id).toBe(anon.id);
    const list = await (await t.app.request('/api/tours', { headers: { Authorization: `JWT ${user.token}` } })).json();
    expect(list.items.map((item: { shortId: string }) => item.shortId)).toEqual([tour.shortId]);
  });

  it('lets users change only their own account', async () => {
    const t = await createTestApp();
    const ann = await signUp(t, 'Ann');
    const bob = await signUp(t, 'Bob');
    const own = await t.app.request(`/api/users/${ann.id}`, json({ name: 'Ann B' }, ann.auth));
    expect((await own.json()).name).toBe('Ann B');
    expect((await t.app.request(`/api/users/${ann.id}`, json({ name: 'Hacked' }, bob.auth))).status).toBe(403);
    expect((await t.app.request(`/api/users/${ann.id}`, json({ name: 'Hacked' }))).status).toBe(401);
  });
});
