import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../../api/billing/operator-commands';
import { migrateToLatest, openDatabase } from '../../../api/db/database';
import { TEMP_ROOT_VARIABLE } from '../support/temp-root-variable';
import { createTestApp, type TestApp } from '../support/test-app';
import { signUp, type TestUser } from '../support/users';

let t: TestApp;
let owner: TestUser;
let email: string;

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  email = (await t.db.selectFrom('user').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).email!;
});

const userType = async () => (await t.db.selectFrom('user').select('type').where('id', '=', owner.id).executeTakeFirstOrThrow()).type;

describe('the operator command', () => {
  it('grants Pro Plus and takes it back', async () => {
    expect(await runOperatorCommand(t.db, ['plan', email.toUpperCase(), 'pro-plus'])).toEqual({ code: 0, message: `${email} is now Pro Plus.` });
    expect(await userType()).toBe('2');
    expect(await runOperatorCommand(t.db, ['plan', email, 'basic'])).toMatchObject({ code: 0 });
    expect(await userType()).toBe('1');
  });

  it('refuses basic for an owner with a live subscription, and changes nothing', async () => {
    await t.db.updateTable('user').set({ type: '2', stripe_subscription_id: 'sub_1', subscription_status: 'past_due' }).where('id', '=', owner.id).execute();
    const result = await runOperatorCommand(t.db, ['plan', email, 'basic']);
    expect(result).toEqual({ code: 1, message: expect.stringContaining('live Pro Plus subscription (sub_1, past_due)') });
    expect(await userType()).toBe('2');
  });

  it('sets a tour paid, free or locked', async () => {
    const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    for (const type of ['paid', 'free', 'locked']) {
      expect(await runOperatorCommand(t.db, ['tour', tour.shortId, type])).toEqual({ code: 0, message: `Tour ${tour.shortId} is now ${type}.` });
      expect((await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json()).type).toBe(type);
    }
  });

  it('explains unknown accounts, tours and commands', async () => {
    expect(await runOperatorCommand(t.db, ['plan', 'nobody@example.com', 'pro-plus'])).toEqual({
      code: 1,
      message: 'No account with the e-mail nobody@example.com.',
    });
    expect((await runOperatorCommand(t.db, ['tour', 'nope', 'paid'])).code).toBe(1);
    for (const args of [[], ['plan', email, 'gold'], ['tour', 'x', 'locked-with-email'], ['plan', email]]) {
      expect((await runOperatorCommand(t.db, args)).message).toContain('npm run admin -- plan <email> pro-plus|basic');
    }
  });

  it('runs as `npm run admin` on a server data folder', async () => {
    const dataDir = mkdtempSync(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), 'tour-admin-'));
    const db = openDatabase(join(dataDir, 'tours.sqlite'));
    await migrateToLatest(db);
    await db.insertInto('user').values({ email: 'op@example.com', name: 'Op', password_hash: null, type: '1', free_tours_remaining: 3 }).execute();
    await db.destroy();
    const run = (...args: string[]) => promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], { env: { ...process.env, DATA_DIR: dataDir } });
    expect((await run('plan', 'op@example.com', 'pro-plus')).stdout).toBe('op@example.com is now Pro Plus.\n');
    await expect(run('tour', 'missing', 'paid')).rejects.toMatchObject({ code: 1, stderr: 'No tour with the short id missing.\n' });
    const after = openDatabase(join(dataDir, 'tours.sqlite'));
    expect(await after.selectFrom('user').select('type').executeTakeFirstOrThrow()).toEqual({ type: '2' });
    await after.destroy();
  });
});
