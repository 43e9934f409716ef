import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Settings from the environment, each with a default that works on a fresh machine. */
export interface Config {
  port: number;
  dataDir: string;
  /** Base address of this server as visitors reach it; when unset, taken from each request. */
  publicUrl: string | undefined;
  /** Where stored media is served from: '/media' on this server, or a CDN address. */
  mediaBaseUrl: string;
  jwtSecret: string;
  /**
   * How many reverse proxies stand in front of this server, each adding the address it saw to X-Forwarded-For.
   * 0 (the default) ignores the header, which any caller can write.
   */
  trustProxy: number;
  /** Whether white-label addresses may lead to this server's own networks (intranet deployments). */
  whiteLabelPrivateNetworks: boolean;
  smtpUrl: string | undefined;
  twilio: { accountSid: string; apiKey: string; apiSecret: string } | undefined;
  turn: { url: string; secret: string } | undefined;
  stripe: { secretKey: string; webhookSecret: string } | undefined;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(join(dataDir, 'media'), { recursive: true });
  return {
    port: Number(env.PORT || 8080),
    dataDir,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    mediaBaseUrl: env.MEDIA_BASE_URL?.replace(/\/$/, '') || '/media',
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    trustProxy: proxyCount(env.TRUST_PROXY),
    whiteLabelPrivateNetworks: env.WHITE_LABEL_PRIVATE_NETWORKS === '1',
    smtpUrl: env.SMTP_URL || undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_API_KEY && env.TWILIO_API_SECRET
        ? { accountSid: env.TWILIO_ACCOUNT_SID, apiKey: env.TWILIO_API_KEY, apiSecret: env.TWILIO_API_SECRET }
        : undefined,
    turn: env.TURN_URL && env.TURN_SECRET ? { url: env.TURN_URL, secret: env.TURN_SECRET } : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
  };
}

function proxyCount(value: string | undefined): number {
  if (!value) return 0;
  if (!/^\d{1,2}$/.test(value)) throw new Error(`TRUST_PROXY must be the number of proxies in front of this server (0, 1, 2 ...), not '${value}'.`);
  return Number(value);
}

/** Generated once and kept beside the data, so tokens survive restarts without any set-up. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}
