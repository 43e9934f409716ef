import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { tourInputSchema } from '../../api/schema/tour';
import { insertTour } from '../../api/tours/tour.repository';
import { verifyMeshToken } from '../../api/video/video-token';
import { createTestApp } from './support/test-app';
import { json } from './support/users';

const TWILIO = { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef', TWILIO_API_KEY: 'SK0123456789abcdef', TWILIO_API_SECRET: 'twilio-api-secret' };

async function withTour(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const row = await insertTour(t.db, { shortId: 'room-tour', userId: null, type: 'paid', input: tourInputSchema.parse({}) });
  return { t, room: String(row.id) };
}

describe('video tokens and config', () => {
  it('mints a mesh token for the tour’s room that the control plane accepts, for an identity the server makes from the name', async () => {
    const { t, room } = await withTour();
    const response = await t.app.request('/api/mesh/video-token', json({ identity: 'Ann', room }));
    expect(response.status).toBe(200);
    const { token, identity } = await response.json();
    expect(identity).toMatch(/^Ann::[\w-]{12}$/);
    expect(await verifyMeshToken(token, t.config.jwtSecret)).toEqual({ identity, room });
  });

  it("never hands out the identity a caller asks for: taking someone's place in a room (53205) needs their token", async () => {
    const { t, room } = await withTour();
    const first = await (await t.app.request('/api/mesh/video-token', json({ identity: 'Ann', room }))).json();
    const taker = await (await t.app.request('/api/mesh/video-token', json({ identity: first.identity, room }))).json();
    expect(taker.identity).not.toBe(first.identity);
    expect(taker.identity.split('::')[0]).toBe('Ann');
    expect((await verifyMeshToken(taker.token, t.config.jwtSecret)) as { identity: string }).toMatchObject({ identity: taker.identity });
  });

  it('refuses an unknown room, bad room names and identities with their video codes, and Twilio when it is not configured', async () => {
    const { t, room } = await withTour();
    const refused = async (body: unknown) => {
      const response = await t.app.request('/api/mesh/video-token', json(body));
      return { status: response.status, code: (await response.json()).error.details?.code };
    };
    expect(await refused({ identity: 'Ann::1', room: '99999' })).toEqual({ status: 404, code: 53106 });
    expect(await refused({ identity: 'Ann::1', room: 'lobby' })).toEqual({ status: 404, code: 53106 });
    expect(await refused({ identity: 'Ann::1' })).toEqual({ status: 422, code: 53100 });
    expect(await refused({ identity: 'Ann::1', room: '1'.repeat(129) })).toEqual({ status: 422, code: 53101 });
    expect(await refused({ identity: 'Ann::1', room: '1; drop' })).toEqual({ status: 422, code: 53102 });
    expect(await refused({ identity: '', room })).toEqual({ status: 422, code: 53200 });
    expect(await refused({ identity: 'A'.repeat(257), room })).toEqual({ status: 422, code: 53201 });
    expect(await refused({ identity: 'A'.repeat(243), room }), 'no room left for the server’s part').toEqual({ status: 422, code: 53201 });
    expect(await refused({ identity: 'a\u0000b', room })).toEqual({ status: 422, code: 53202 });
    expect((await t.app.request('/api/twilio/video-token', json({ identity: 'Ann::1', room }))).status).toBe(404);
    expect(await (await t.app.request('/api/video/config')).json()).toEqual({ provider: 'mesh', iceServers: [], siteName: 'Tour Platform' });
  });

  it("names the product with SITE_NAME in the config, for the chat's lobby", async () => {
    const { t } = await withTour({ SITE_NAME: 'Harbour Tours' });
    expect((await (await t.app.request('/api/video/config')).json()).siteName).toBe('Harbour Tours');
  });

  // Twilio's cloud is unreachable here: this checks the token's layout by decoding it, as Twilio would read it.
  it('mints a Twilio AccessToken (decoded, not sent to Twilio) when Twilio is configured', async () => {
    const { t, room } = await withTour(TWILIO);
    expect((await (await t.app.request('/api/video/config')).json()).provider).toBe('twilio');
    const { token, controlToken, identity } = await (await t.app.request('/api/twilio/video-token', json({ identity: 'Ann', room }))).json();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' });
    const claims = decodeJwt(token);
    expect(identity).toMatch(/^Ann::/);
    expect(claims).toMatchObject({ iss: TWILIO.TWILIO_API_KEY, sub: TWILIO.TWILIO_ACCOUNT_SID, grants: { identity, video: { room } } });
    // The control plane's token comes with it, for the same participant.
    expect(await verifyMeshToken(controlToken, t.config.jwtSecret)).toEqual({ identity, room });
    expect(claims.jti).toMatch(new RegExp(`^${TWILIO.TWILIO_API_KEY}-\\d+$`));
    await jwtVerify(token, new TextEncoder().encode(TWILIO.TWILIO_API_SECRET));
  });

  it('hands out time-limited TURN credentials when TURN is configured', async () => {
    const { t } = await withTour({ TURN_URL: 'turn:turn.example.com:3478', TURN_SECRET: 'turn-secret' });
    const { iceServers } = await (await t.app.request('/api/video/config')).json();
    expect(iceServers).toHaveLength(1);
    const [expiry] = iceServers[0].username.split(':');
    expect(Number(expiry)).toBeGreaterThan(Date.now() / 1000);
    expect(iceServers[0]).toMatchObject({ urls: 'turn:turn.example.com:3478' });
    expect(iceServers[0].credential).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });
});
