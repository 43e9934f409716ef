import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import type { VideoErrorCode } from '../schema/video';

const MESH_TOKEN_LIFETIME_S = 4 * 60 * 60;
const MESH_ISSUER = 'tour-platform/video';

export interface VideoGrant {
  identity: string;
  room: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** A token for our own control plane (the mesh provider), checked on the WebSocket hello. */
export function mintMeshToken(grant: VideoGrant, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ grants: { identity: grant.identity, video: { room: grant.room } } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(MESH_ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + MESH_TOKEN_LIFETIME_S)
    .sign(key(secret));
}

/** Twilio's AccessToken layout: HS256 with the API key secret, `cty: twilio-fpa;v=1`, identity and video grants. */
export function mintTwilioToken(grant: VideoGrant, twilio: NonNullable<Config['twilio']>, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ grants: { identity: grant.identity, video: { room: grant.room } } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' })
    .setJti(`${twilio.apiKey}-${now}`)
    .setIssuer(twilio.apiKey)
    .setSubject(twilio.accountSid)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key(twilio.apiSecret));
}

/** The grant a mesh token carries, or the SPEC.md §8 access-token error for why it is refused. */
export async function verifyMeshToken(token: string, secret: string): Promise<VideoGrant | { error: VideoErrorCode }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: MESH_ISSUER, algorithms: ['HS256'] });
    const grants = payload.grants as { identity?: unknown; video?: { room?: unknown } } | undefined;
    if (typeof grants?.identity !== 'string' || typeof grants.video?.room !== 'string') return { error: 20101 };
    return { identity: grants.identity, room: grants.video.room };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { error: 20104 };
    if (err instanceof errors.JWSSignatureVerificationFailed) return { error: 20107 };
    return { error: 20101 };
  }
}
