import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Config } from '../config';
import { ApiError, readJson } from '../errors';
import { rateLimit } from '../rate-limit';
import { VIDEO_ERRORS, type VideoErrorCode } from '../schema/video';
import { identityError, mayEnterRoom, roomNameError, TOKEN_MAX } from './video-room';
import { mintMeshToken, mintTwilioToken, type VideoGrant } from './video-token';

/**
 * `{identity, room}` checked as the video service would, refused with its code in the details, and
 * the tour-access token of a password tour, if sent.
 */
function readRequest(body: unknown): { grant: VideoGrant; tourAccessToken?: string } {
  const { identity, room, tourAccessToken } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code: VideoErrorCode | undefined = roomNameError(room) ?? identityError(identity);
  if (code) throw new ApiError(422, 'ValidationFailed', `${VIDEO_ERRORS[code]}.`, { code });
  if (tourAccessToken !== undefined && (typeof tourAccessToken !== 'string' || tourAccessToken.length > TOKEN_MAX)) {
    throw new ApiError(422, 'ValidationFailed', 'tourAccessToken must be the token given with the tour.');
  }
  return { grant: { identity: identity as string, room: room as string }, tourAccessToken };
}

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

  app.get('/config', (c) => c.json({ provider: videoProvider(c.get('config')), iceServers: iceServers(c.get('config')) }));

  return app;
}

/** `/:provider/video-token`: a token for the tour's video room from the `mesh` or `twilio` provider. */
export function videoTokenRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/video-token', rateLimit({ max: 30, windowMs: 60_000 }), async (c) => {
    const provider = c.req.param('provider');
    if (provider !== 'mesh' && provider !== 'twilio') throw new ApiError(404, 'NotFound', `No video provider "${provider}".`);
    const { grant, tourAccessToken } = readRequest(await readJson(c));
    if (!(await mayEnterRoom(c.get('db'), grant.room, { user: c.get('user'), tourAccessToken }, c.get('config').jwtSecret))) {
      throw new ApiError(404, 'NotFound', `${VIDEO_ERRORS[53106]}.`, { code: 53106 });
    }
    if (provider === 'twilio') {
      const twilio = c.get('config').twilio;
      if (!twilio) throw new ApiError(404, 'NotFound', 'Twilio Video is not configured on this server.');
      return c.json({ token: await mintTwilioToken(grant, twilio) });
    }
    return c.json({ token: await mintMeshToken(grant, c.get('config').jwtSecret) });
  });

  return app;
}
