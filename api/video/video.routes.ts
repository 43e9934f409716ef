import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import type { Config } from '../config';
import { ApiError, parseOr422, readJson } from '../errors';
import { rateLimit } from '../rate-limit';
import { mintMeshToken, mintTwilioToken } from './video-token';

const tokenRequestSchema = z.object({
  // Display name plus '::' and a unique suffix; no control characters.
  identity: z.string().min(1).max(256).regex(/^[^\p{Cc}]+$/u),
  room: z.string().min(1).max(128).regex(/^[\w-]+$/),
});

/** TURN credentials that expire (the TURN REST API scheme: user = expiry:name, password = HMAC-SHA1). */
export function iceServers(config: Config, now = Math.floor(Date.now() / 1000)): RTCIceServerLike[] {
  if (!config.turn) return [];
  const username = `${now + 12 * 3600}:tour`;
  const credential = createHmac('sha1', config.turn.secret).update(username).digest('base64');
  return [{ urls: config.turn.url, username, credential }];
}

interface RTCIceServerLike {
  urls: string;
  username?: string;
  credential?: string;
}

export function videoProvider(config: Config): 'mesh' | 'twilio' {
  return config.twilio ? 'twilio' : 'mesh';
}

export function videoRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/video/config', (c) => c.json({ provider: videoProvider(c.var.config), iceServers: iceServers(c.var.config) }));

  app.post('/:provider/video-token', rateLimit({ max: 30, windowMs: 60_000 }), async (c) => {
    const provider = c.req.param('provider');
    if (provider !== 'mesh' && provider !== 'twilio') throw new ApiError(404, 'NotFound', `No video provider "${provider}".`);
    const grant = parseOr422(tokenRequestSchema, await readJson(c));
    const tour = await c.var.db.selectFrom('tour').select(['id', 'data']).where('id', '=', Number(grant.room)).executeTakeFirst();
    if (!tour) throw new ApiError(404, 'NotFound', 'Room not found.', { code: 53106 });
    if (provider === 'twilio') {
      const twilio = c.var.config.twilio;
      if (!twilio) throw new ApiError(404, 'NotFound', 'Twilio Video is not configured on this server.');
      return c.json({ token: await mintTwilioToken(grant, twilio) });
    }
    return c.json({ token: await mintMeshToken(grant, c.var.config.jwtSecret) });
  });

  return app;
}
