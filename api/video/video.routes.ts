import { createHmac, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Config } from '../config/config';
import { ApiError, readJson } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { VIDEO_ERRORS, type VideoErrorCode } from '../schema/video';
import { IDENTITY_MAX, identityError, mayEnterRoom, roomNameError, TOKEN_MAX } from './video-room';
import { mintMeshToken, mintTwilioToken, type VideoGrant } from './video-token';

/** Room for '::' and the server's part after the caller's name, within the providers' identity limit. */
const SERVER_PART_LENGTH = 14;

/**
 * The participant's identity, made here: the caller's `identity` names them (what stands before any '::' in it),
 * and a random part only this server gives makes it theirs. Nobody can ask for someone else's identity, so nobody
 * can take their place in a room (53205); only the token's holder can reconnect as them.
 */
function serverIdentity(name: string): string {
  return `${name}::${randomBytes(9).toString('base64url')}`;
}

/**
 * `{identity, room}` checked as the video service would (the identity as the participant's name), refused with its
 * code in the details, and the tour-access token of a password tour, if sent.
 */
function readRequest(body: unknown): { grant: VideoGrant; tourAccessToken?: string } {
  const { identity, room, tourAccessToken } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const name = typeof identity === 'string' ? identity.split('::')[0].trim() : identity;
  const code: VideoErrorCode | undefined =
    roomNameError(room) ?? identityError(name) ?? (String(name).length > IDENTITY_MAX - SERVER_PART_LENGTH ? 53201 : undefined);
  if (code) throw new ApiError(422, 'ValidationFailed', `${VIDEO_ERRORS[code]}.`, { details: { code } });
  if (tourAccessToken !== undefined && (typeof tourAccessToken !== 'string' || tourAccessToken.length > TOKEN_MAX)) {
    throw new ApiError(422, 'ValidationFailed', 'tourAccessToken must be the token given with the tour.');
  }
  return { grant: { identity: serverIdentity(name as string), room: room as string }, tourAccessToken };
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

  // The product's name comes with it: the chat's lobby names the product, and the tour read stays as it is.
  app.get('/config', (c) => {
    const config = c.get('config');
    return c.json({ provider: videoProvider(config), iceServers: iceServers(config), siteName: config.siteName });
  });

  return app;
}

/**
 * `/:provider/video-token`: a token for the tour's video room from the `mesh` or `twilio` provider, with the
 * identity the server made. Twilio's answer carries the /api/rtc control plane's token too (`controlToken`), for
 * the same identity: the two planes must name the participant alike.
 */
export function videoTokenRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/video-token', rateLimit({ max: 30, windowMs: 60_000 }), async (c) => {
    const provider = c.req.param('provider');
    if (provider !== 'mesh' && provider !== 'twilio') throw new ApiError(404, 'NotFound', `No video provider "${provider}".`);
    const { grant, tourAccessToken } = readRequest(await readJson(c));
    if (!(await mayEnterRoom(c.get('db'), grant.room, { user: c.get('user'), tourAccessToken }, c.get('config').jwtSecret))) {
      throw new ApiError(404, 'NotFound', `${VIDEO_ERRORS[53106]}.`, { details: { code: 53106 } });
    }
    if (provider === 'twilio') {
      const twilio = c.get('config').twilio;
      if (!twilio) throw new ApiError(404, 'NotFound', 'Twilio Video is not configured on this server.');
      const [token, controlToken] = await Promise.all([mintTwilioToken(grant, twilio), mintMeshToken(grant, c.get('config').jwtSecret)]);
      return c.json({ token, controlToken, identity: grant.identity });
    }
    return c.json({ token: await mintMeshToken(grant, c.get('config').jwtSecret), identity: grant.identity });
  });

  return app;
}
