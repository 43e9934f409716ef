import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config/config';
import type { VideoErrorCode } from '../schema/video';

const MESH_TOKEN_LIFETIME_S = 4 * 60 * 60;
const MESH_ISSUER = 'tour-platform/video';
/** Twilio's tokens name the account as subject; ours name the provider they are good for. */
const MESH_SUBJECT = 'mesh';

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
    .setSubject(MESH_SUBJECT)
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

/** The mesh token's header exactly: another alg, a typ other than JWT or any cty (a Twilio token) is refused. */
function headerIsOurs(token: string): boolean | undefined {
  try {
    const { alg, typ, ...rest } = decodeProtectedHeader(token);
    return alg === 'HS256' && typ === 'JWT' && Object.keys(rest).length === 0;
  } catch {
    return undefined; // not a JWT at all
  }
}

/** The access-token error for a claim jose refused. */
function claimError(claim: string): VideoErrorCode {
  if (claim === 'iss' || claim === 'sub') return 20103;
  if (claim === 'exp') return 20104;
  if (claim === 'nbf') return 20105;
  return 20101;
}

/** The grant a mesh token carries, or the access-token error (20101–20107) for why it is refused. */
export async function verifyMeshToken(token: string, secret: string): Promise<VideoGrant | { error: VideoErrorCode }> {
  const header = headerIsOurs(token);
  if (header === undefined) return { error: 20101 };
  if (!header) return { error: 20102 };
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: MESH_ISSUER, subject: MESH_SUBJECT, requiredClaims: ['exp'], algorithms: ['HS256'] });
    const grants = payload.grants as { identity?: unknown; video?: { room?: unknown } } | undefined;
    if (typeof grants?.identity !== 'string' || typeof grants.video?.room !== 'string') return { error: 20106 };
    return { identity: grants.identity, room: grants.video.room };
  } catch (err) {
    if (err instanceof errors.JWSSignatureVerificationFailed) return { error: 20107 };
    if (err instanceof errors.JWTExpired) return { error: 20104 };
    if (err instanceof errors.JWTClaimValidationFailed) return { error: claimError(err.claim) };
    return { error: 20101 };
  }
}
