import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SettingsError } from '../../../api/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof SettingsError) return err.problems;
    throw err;
  }
  throw new Error('settings were accepted');
}

describe('settings checked at start', () => {
  it('lists every bad setting at once, one plain line each, and creates nothing', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tour-config-')), 'data');
    const problems = problemsOf({
      DATA_DIR: dataDir,
      PORT: 'abc',
      PUBLIC_URL: 'tours.example.com',
      TRUST_PROXY: 'yes',
      SMTP_URL: 'mail.example.com',
      TWILIO_ACCOUNT_SID: 'AC123',
    });
    expect(problems).toEqual([
      "PORT must be a port number from 1 to 65535, not 'abc'.",
      "PUBLIC_URL must be the http(s) address visitors reach this server at, not 'tours.example.com'.",
      "TRUST_PROXY must be the number of proxies in front of this server (0, 1, 2 ...), not 'yes'.",
      "SMTP_URL must be an smtp:// or smtps:// address, not 'mail.example.com'.",
      'TWILIO_API_KEY and TWILIO_API_SECRET must be set too, or none of TWILIO_ACCOUNT_SID, TWILIO_API_KEY, TWILIO_API_SECRET.',
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tour-config-')), PORT: '70000' })).toEqual([
      "PORT must be a port number from 1 to 65535, not '70000'.",
    ]);
  });

  it('refuses a data folder below a file, and a media folder that is a file, before writing anything', () => {
    const base = mkdtempSync(join(tmpdir(), 'tour-config-'));
    writeFileSync(join(base, 'plain-file'), '');
    expect(problemsOf({ DATA_DIR: join(base, 'plain-file', 'data') })).toEqual([
      `DATA_DIR ${join(base, 'plain-file', 'data')} cannot be created: ${join(base, 'plain-file')} is a file, not a folder.`,
    ]);
    const dataDir = join(base, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'media'), '');
    expect(problemsOf({ DATA_DIR: dataDir })).toEqual([`The media folder ${join(dataDir, 'media')} cannot be written.`]);
    expect(readdirSync(dataDir)).toEqual(['media']);
  });

  it('creates the data folder, its media folder and a token secret when everything is fine', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tour-config-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '9090' });
    expect(config.port).toBe(9090);
    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'media']);
  });
});
