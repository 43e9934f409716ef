import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pino, type LevelWithSilent } from 'pino';
import { z } from 'zod';

/** Settings from the environment, each with a default that works on a fresh machine. */
export interface Config {
  port: number;
  dataDir: string;
  /** PostgreSQL to keep the data in (DATABASE_URL), shared by every instance; the SQLite file in the data folder when unset. */
  databaseUrl: string | undefined;
  /**
   * Base address of this server as visitors reach it (no path). Mailed links are made from it alone, never from a
   * request's Host, so it is required with SMTP_URL; pages take the request's address when it is unset.
   */
  publicUrl: string | undefined;
  /** Where stored media is served from: '/media' on this server, or a CDN address. */
  mediaBaseUrl: string;
  jwtSecret: string;
  /**
   * How many reverse proxies stand in front of this server, each adding the address it saw to X-Forwarded-For.
   * 0 (the default) ignores the header, which any caller can write.
   */
  trustProxy: number;
  /** WebSocket connections to `/api/rtc` one client address may hold open on one instance (RTC_CONNECTIONS_PER_ADDRESS, default 20). */
  rtcConnectionsPerAddress: number;
  /** Seats one client address may hold in one video room (ROOM_SEATS_PER_ADDRESS, default 2). */
  roomSeatsPerAddress: number;
  /** Whether white-label addresses may lead to this server's own networks (intranet deployments). */
  whiteLabelPrivateNetworks: boolean;
  smtpUrl: string | undefined;
  /** The sender of every mail (MAIL_FROM); by default no-reply at PUBLIC_URL's host. */
  mailFrom: string;
  /**
   * Redis shared by several instances of this server (REDIS_URL): video rooms, rate limits, the media sweep's lock.
   * Unset, everything stays in this process.
   */
  redisUrl: string | undefined;
  twilio: { accountSid: string; apiKey: string; apiSecret: string } | undefined;
  turn: { url: string; secret: string } | undefined;
  stripe: StripeConfig | undefined;
  /** Tours a signed-up owner may publish for free (FREE_TOURS_PER_USER, default 3); guests get at most 1. */
  freeToursPerUser: number;
  /** The product's name where it is shown beside a tour: social sites, oEmbed consumers (SITE_NAME). */
  siteName: string;
  /** A bucket in S3-compatible storage for media instead of the data folder's media folder. */
  s3: S3Config | undefined;
  /** The least severe log lines written (LOG_LEVEL, default info). */
  logLevel: LevelWithSilent;
  /**
   * Open HTTP connections one client address may hold at once (HTTP_CONNECTIONS_PER_ADDRESS, default 256), counted
   * per address as TRUST_PROXY defines it; more are closed as they arrive.
   */
  httpConnectionsPerAddress: number;
}

/** S3-compatible media storage; used only when all of S3_ENDPOINT, S3_BUCKET and the key pair are set. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_REGION, default us-east-1: most S3-compatible servers accept any region but the request must name one. */
  region: string;
}

/** Card payments; off (undefined) unless both the secret key and the webhook secret are set. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The one-time price of publishing one tour (STRIPE_PRICE_TOUR). */
  priceTour: string | undefined;
  /** The recurring price of Pro Plus (STRIPE_PRICE_PRO_PLUS). */
  priceProPlus: string | undefined;
  /** Another address for Stripe's API (STRIPE_API_URL), such as a local stand-in; Stripe's own when unset. */
  apiUrl: string | undefined;
}

type Env = Record<string, string | undefined>;

/** Settings that cannot work, one plain sentence each, found before anything was created or opened. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The data folder the settings name (default ./data), without checking or creating it. */
export function dataDirFrom(env: Env): string {
  return resolve(env.DATA_DIR || './data');
}

/** The SQLite database inside a data folder. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'tours.sqlite');
}

/** The data folder's media folder: where the local media store keeps uploads, and what a backup archives. */
export function localMediaDir(dataDir: string): string {
  return join(dataDir, 'media');
}

const unset = (value: string | undefined): value is undefined => value === undefined || value === '';

const isUrl = (value: string, protocols: string[]) => URL.canParse(value) && protocols.includes(new URL(value).protocol);

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .string()
    .optional()
    .refine((value) => unset(value) || (/^\d{1,5}$/.test(value) && Number(value) >= min && Number(value) <= max), {
      error: (issue) => `${what}, not '${String(issue.input)}'.`,
    });

const url = (protocols: string[], what: string) =>
  z
    .string()
    .optional()
    .refine((value) => unset(value) || isUrl(value, protocols), { error: (issue) => `${what}, not '${String(issue.input)}'.` });

const LOG_LEVELS = [...Object.keys(pino.levels.values), 'silent'];

/** Shorter secrets could be guessed offline from one signed token. */
const MIN_SECRET_LENGTH = 32;

const envSchema = z.object({
  PORT: wholeNumber(1, 65535, 'must be a port number from 1 to 65535'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'must be a postgres:// address such as postgres://user:password@host:5432/database'),
  PUBLIC_URL: url(['http:', 'https:'], 'must be the http(s) address visitors reach this server at').refine(
    // Every page and link is root-absolute: a path here would be dropped from some links and kept in others.
    (value) => unset(value) || !isUrl(value, ['http:', 'https:']) || /^https?:\/\/[^/?#]+\/?$/.test(value),
    { error: (issue) => `must be the server's address without a path, such as https://tours.example.com, not '${String(issue.input)}'.` },
  ),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((value) => unset(value) || value.length >= MIN_SECRET_LENGTH, {
      error: `must be at least ${MIN_SECRET_LENGTH} characters long (openssl rand -hex 32 makes one).`,
    }),
  MEDIA_BASE_URL: z
    .string()
    .optional()
    .refine((value) => unset(value) || value.startsWith('/') || isUrl(value, ['http:', 'https:']), {
      error: (issue) => `must be a path on this server (/media) or an http(s) address, not '${String(issue.input)}'.`,
    }),
  TRUST_PROXY: wholeNumber(0, 99, 'must be the number of proxies in front of this server (0, 1, 2 ...)'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// address'),
  REDIS_URL: url(['redis:', 'rediss:'], 'must be a redis:// or rediss:// address'),
  FREE_TOURS_PER_USER: wholeNumber(0, 10000, 'must be a whole number of free tours (0 switches them off)'),
  LOG_LEVEL: z
    .string()
    .optional()
    .refine((value) => unset(value) || LOG_LEVELS.includes(value), {
      error: (issue) => `must be one of ${LOG_LEVELS.join(', ')}, not '${String(issue.input)}'.`,
    }),
  HTTP_CONNECTIONS_PER_ADDRESS: wholeNumber(1, 65535, 'must be a whole number of connections from 1 to 65535'),
  ROOM_SEATS_PER_ADDRESS: wholeNumber(1, 1000, 'must be a whole number of seats from 1 to 1000'),
  RTC_CONNECTIONS_PER_ADDRESS: wholeNumber(1, 65535, 'must be a whole number of connections from 1 to 65535'),
  STRIPE_API_URL: url(['http:', 'https:'], "must be the http(s) address of Stripe's API or a stand-in"),
  S3_ENDPOINT: url(['http:', 'https:'], 'must be the http(s) address of the S3-compatible storage'),
  SITE_NAME: z
    .string()
    .optional()
    .refine((value) => unset(value) || value.trim().length <= 60, { error: 'must be a name of at most 60 characters.' }),
  S3_BUCKET: z
    .string()
    .optional()
    .refine((value) => unset(value) || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      error: (issue) => `must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), not '${String(issue.input)}'.`,
    }),
});

/** Services configured by several variables work only with all of them; half a set is a typo, not a choice. */
const GROUPS = [
  ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY', 'TWILIO_API_SECRET'],
  ['TURN_URL', 'TURN_SECRET'],
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
];

function hasAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

const canWrite = (path: string) => hasAccess(path, constants.W_OK);

function nearestExisting(path: string): string {
  return existsSync(path) || dirname(path) === path ? path : nearestExisting(dirname(path));
}

/** What keeps the data folder, its media folder or its database from being written, checked without writing. */
function storageProblems(dataDir: string, secretFromEnv: boolean): string[] {
  const existing = nearestExisting(dataDir);
  if (existing !== dataDir) {
    if (!statSync(existing).isDirectory()) return [`DATA_DIR ${dataDir} cannot be created: ${existing} is a file, not a folder.`];
    return canWrite(existing) ? [] : [`DATA_DIR ${dataDir} cannot be created: ${existing} cannot be written.`];
  }
  if (!statSync(dataDir).isDirectory()) return [`DATA_DIR ${dataDir} is a file, not a folder.`];
  if (!hasAccess(dataDir, constants.R_OK | constants.X_OK)) return [`DATA_DIR ${dataDir} cannot be read: the server's user must list and open it.`];
  if (!canWrite(dataDir)) return [`DATA_DIR ${dataDir} cannot be written.`];
  const problems: string[] = [];
  const media = localMediaDir(dataDir);
  if (existsSync(media) && !(statSync(media).isDirectory() && canWrite(media))) problems.push(`The media folder ${media} cannot be written.`);
  const database = databaseFile(dataDir);
  for (const file of [database, `${database}-wal`, `${database}-shm`]) {
    if (existsSync(file) && !canWrite(file)) problems.push(`The database file ${file} cannot be written.`);
  }
  const secret = join(dataDir, 'jwt-secret');
  if (!secretFromEnv && existsSync(secret) && !hasAccess(secret, constants.R_OK)) {
    problems.push(`The token secret ${secret} cannot be read (or set JWT_SECRET).`);
  }
  return problems;
}

/**
 * Checks every setting and the data folder without creating or opening anything, then creates the data folder and
 * the token secret. Throws a SettingsError listing every problem at once.
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  for (const group of GROUPS) {
    const missing = group.filter((name) => unset(env[name]));
    if (missing.length > 0 && missing.length < group.length) problems.push(`${missing.join(' and ')} must be set too, or none of ${group.join(', ')}.`);
  }
  // A secret made in one instance's data folder would sign sign-ins and mailed links no other instance accepts.
  if (!unset(env.DATABASE_URL) && unset(env.JWT_SECRET)) {
    problems.push('JWT_SECRET must be set too when DATABASE_URL is: every instance sharing the database signs and checks sign-ins with it.');
  }
  // Mailed links must lead here whatever Host a request claims, so they need the address set.
  if (!unset(env.SMTP_URL) && unset(env.PUBLIC_URL)) {
    problems.push("PUBLIC_URL must be set too when SMTP_URL is: mailed links lead to it, never to a request's own Host.");
  }
  const dataDir = dataDirFrom(env);
  problems.push(...storageProblems(dataDir, !unset(env.JWT_SECRET)));
  if (problems.length > 0) throw new SettingsError(problems);

  const siteName = env.SITE_NAME?.trim() || 'Tour Platform';
  // Only this server's user may read the data folder: it holds the database, the JWT secret and private media.
  mkdirSync(localMediaDir(dataDir), { recursive: true, mode: 0o700 });
  return {
    port: Number(env.PORT || 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    mediaBaseUrl: env.MEDIA_BASE_URL?.replace(/\/$/, '') || '/media',
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    trustProxy: Number(env.TRUST_PROXY || 0),
    rtcConnectionsPerAddress: Number(env.RTC_CONNECTIONS_PER_ADDRESS || 20),
    roomSeatsPerAddress: Number(env.ROOM_SEATS_PER_ADDRESS || 2),
    whiteLabelPrivateNetworks: env.WHITE_LABEL_PRIVATE_NETWORKS === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `${displayName(siteName)} <no-reply@${new URL(env.PUBLIC_URL || 'http://localhost').hostname}>`,
    redisUrl: env.REDIS_URL || undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_API_KEY && env.TWILIO_API_SECRET
        ? { accountSid: env.TWILIO_ACCOUNT_SID, apiKey: env.TWILIO_API_KEY, apiSecret: env.TWILIO_API_SECRET }
        : undefined,
    turn: env.TURN_URL && env.TURN_SECRET ? { url: env.TURN_URL, secret: env.TURN_SECRET } : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceTour: env.STRIPE_PRICE_TOUR || undefined,
            priceProPlus: env.STRIPE_PRICE_PRO_PLUS || undefined,
            apiUrl: env.STRIPE_API_URL || undefined,
          }
        : undefined,
    freeToursPerUser: unset(env.FREE_TOURS_PER_USER) ? 3 : Number(env.FREE_TOURS_PER_USER),
    siteName,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: env.S3_REGION || 'us-east-1',
          }
        : undefined,
    logLevel: (env.LOG_LEVEL || 'info') as LevelWithSilent,
    httpConnectionsPerAddress: Number(env.HTTP_CONNECTIONS_PER_ADDRESS || 256),
  };
}

/** A sender's display name as mail headers take it: plain words as they are, anything else quoted. */
function displayName(name: string): string {
  return /^[\p{L}\p{N} .'-]+$/u.test(name) ? name : `"${name.replace(/["\\]/g, '\\$&')}"`;
}

/** Generated once and kept beside the data, so tokens survive restarts without any set-up. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}
