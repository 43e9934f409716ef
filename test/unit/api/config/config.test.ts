import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SettingsError } from '../../../../api/config/config';
import { TEST_JWT_SECRET } from '../../../support/test-secret';

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
      REDIS_URL: 'localhost:6379',
      TWILIO_ACCOUNT_SID: 'AC123',
    });
    expect(problems).toEqual([
      "PORT must be a port number from 1 to 65535, not 'abc'.",
      "PUBLIC_URL must be the http(s) address visitors reach this server at, not 'tours.example.com'.",
      "TRUST_PROXY must be the number of proxies in front of this server (0, 1, 2 ...), not 'yes'.",
      "SMTP_URL must be an smtp:// or smtps:// address, not 'mail.example.com'.",
      "REDIS_URL must be a redis:// or rediss:// address, not 'localhost:6379'.",
      'TWILIO_API_KEY and TWILIO_API_SECRET must be set too, or none of TWILIO_ACCOUNT_SID, TWILIO_API_KEY, TWILIO_API_SECRET.',
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('asks for PUBLIC_URL with SMTP_URL: mailed links are made from it, never from a request’s Host', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tour-config-'));
    expect(problemsOf({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([
      "PUBLIC_URL must be set too when SMTP_URL is: mailed links lead to it, never to a request's own Host.",
    ]);
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://tours.example.com/' })).toMatchObject({
      publicUrl: 'https://tours.example.com',
      mailFrom: 'Tour Platform <no-reply@tours.example.com>',
    });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://tours.example.com', SITE_NAME: 'Acme "Views" & Co' })).toMatchObject({
      mailFrom: '"Acme \\"Views\\" & Co" <no-reply@tours.example.com>',
    });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://tours.example.com', MAIL_FROM: 'Harbour Tours <tours@harbour.example>' })).toMatchObject({
      mailFrom: 'Harbour Tours <tours@harbour.example>',
    });
  });

  it.each(['https://example.com/tours', 'https://example.com/tours/', 'https://example.com/?x=1'])(
    'refuses PUBLIC_URL %s: every page is at the root',
    (publicUrl) => {
      expect(problemsOf({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tour-config-')), PUBLIC_URL: publicUrl })).toEqual([
        `PUBLIC_URL must be the server's address without a path, such as https://tours.example.com, not '${publicUrl}'.`,
      ]);
    },
  );

  it('refuses a JWT_SECRET under 32 characters, without repeating it', () => {
    expect(problemsOf({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tour-config-')), JWT_SECRET: 'x'.repeat(31) })).toEqual([
      'JWT_SECRET must be at least 32 characters long (openssl rand -hex 32 makes one).',
    ]);
  });

  it('refuses connection caps and a site name that are not what they say', () => {
    const problems = problemsOf({
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'tour-config-')), 'data'),
      HTTP_CONNECTIONS_PER_ADDRESS: 'many',
      RTC_CONNECTIONS_PER_ADDRESS: '0',
      ROOM_SEATS_PER_ADDRESS: 'two',
      SITE_NAME: 'x'.repeat(61),
    });
    expect(problems).toEqual([
      "HTTP_CONNECTIONS_PER_ADDRESS must be a whole number of connections from 1 to 65535, not 'many'.",
      "ROOM_SEATS_PER_ADDRESS must be a whole number of seats from 1 to 1000, not 'two'.",
      "RTC_CONNECTIONS_PER_ADDRESS must be a whole number of connections from 1 to 65535, not '0'.",
      'SITE_NAME must be a name of at most 60 characters.',
    ]);
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

  it('refuses a bucket name S3 would refuse, and half the S3 settings', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tour-config-'));
    expect(problemsOf({ DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'Tour_Media' })).toEqual([
      "S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), not 'Tour_Media'.",
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too, or none of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    ]);
  });

  it('asks for JWT_SECRET with DATABASE_URL, which instances share', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tour-config-'));
    expect(problemsOf({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://tours@127.0.0.1:5432/tours' })).toEqual([
      'JWT_SECRET must be set too when DATABASE_URL is: every instance sharing the database signs and checks sign-ins with it.',
    ]);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://tours@127.0.0.1:5432/tours', JWT_SECRET: TEST_JWT_SECRET })).toMatchObject({
      jwtSecret: TEST_JWT_SECRET,
    });
  });

  it('takes Redis and a bucket when they are set, and neither when they are not', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tour-config-'));
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ redisUrl: undefined, s3: undefined });
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'tour-media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379', ...s3 })).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      s3: { endpoint: 'http://127.0.0.1:9000', bucket: 'tour-media', accessKeyId: 'key', secretAccessKey: 'secret', region: 'us-east-1' },
    });
    expect(loadConfig({ DATA_DIR: dataDir, ...s3, S3_REGION: 'eu-west-3' }).s3?.region).toBe('eu-west-3');
  });

  it('creates the data folder, its media folder and a token secret when everything is fine', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tour-config-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '9090' });
    expect(config.port).toBe(9090);
    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'media']);
  });
});
