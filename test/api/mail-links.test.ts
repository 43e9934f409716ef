import { describe, expect, it } from 'vitest';
import { mailsTo } from './support/mails';
import { createTestApp } from './support/test-app';
import { json, signUp } from './support/users';

/** What a stranger sends to make the server believe it is reached at their address. */
const FORGED = { Host: 'attacker.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

/** A request as it arrives with forged Host and X-Forwarded-* headers. */
function forged(path: string, init: RequestInit = { method: 'GET' }): [string, RequestInit] {
  return [`http://attacker.example${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...FORGED } }];
}

describe('mailed links lead to PUBLIC_URL whatever Host a request names', () => {
  it('without mail and PUBLIC_URL, the outbox keeps the link’s path and token, never an address made from Host', async () => {
    const t = await createTestApp();
    const user = await signUp(t);
    expect((await t.app.request(...forged('/api/auth/password-reset', json({ email: user.email })))).status).toBe(202);
    const [reset] = (await mailsTo(t, user.email!)).filter((mail) => mail.body.includes('reset-password#'));
    expect(reset.body).toMatch(/^\/reset-password#\S+$/m);
    expect(reset.body).not.toMatch(/attacker|evil|localhost/);
  });
});
