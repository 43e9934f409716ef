import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let tour: { id: number; shortId: string; revision: number };

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'Owner');
  other = await signUp(t, 'Other');
  tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const form = new FormData();
  form.set('image', new File([new Uint8Array(await smallPanorama())], 'Hall.jpg'));
  form.set('tourId', String(tour.id));
  const uploaded = await (await t.app.request('/api/images/', { method: 'POST', body: form, headers: owner.auth })).json();
  const saved = await t.app.request(
    `/api/tours/${tour.shortId}`,
    json(
      { revision: tour.revision, title: 'Secret <b>house</b>', images: [{ id: 'hall', title: 'Hall', url: uploaded.url, thumbUrl: uploaded.thumbUrl }] },
      owner.auth,
    ),
  );
  expect(saved.status).toBe(200);
  tour = await saved.json();
  // Published with a free tour: a locked tour shows visitors no scenes.
  expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: owner.auth })).status).toBe(200);
});

async function setPrivacy(privacy: 'Public' | 'Private' | 'Password'): Promise<void> {
  // A save sends the whole tour, as the admin does.
  const body = { ...tour, privacy, ...(privacy === 'Password' ? { password: 'open sesame' } : {}) };
  const saved = await t.app.request(`/api/tours/${tour.shortId}`, json(body, owner.auth));
  expect(saved.status).toBe(200);
  tour = await saved.json();
}

describe('the default social image', () => {
  it('is a real 1200×630 JPEG cut from the first scene, cached after the first request', async () => {
    const response = await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const image = (tour as unknown as { images: Array<{ url: string }> }).images[0].url.split('/').pop()!;
    expect(existsSync(join(t.config.dataDir, 'media', 'social', image))).toBe(true);
    const again = Buffer.from(await (await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('is still served for a locked tour, shown to visitors with its title and this picture only', async () => {
    await t.db.updateTable('tour').set({ type: 'locked' }).where('short_id', '=', tour.shortId).execute();
    expect((await (await t.app.request(`/api/tours/${tour.shortId}`)).json()).images).toEqual([]);
    const response = await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('is not given to non-owners of private or password tours', async () => {
    await setPrivacy('Private');
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: other.auth })).status).toBe(403);
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: owner.auth })).status).toBe(200);
    await setPrivacy('Password');
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`)).status).toBe(404);
  });

  it('answers 404 in the one error shape for a tour without scenes', async () => {
    const empty = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    const response = await t.app.request(`/api/tours/${empty.shortId}/meta/center.jpg`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NotFound');
  });
});

describe('the public tour page', () => {
  async function page(): Promise<string> {
    return (await t.app.request(`/tours/${tour.shortId}`)).text();
  }

  it('embeds a public tour whole, with its text escaped', async () => {
    const html = await page();
    expect(html).toContain('id="tour-data"');
    expect(html).toContain(tour.shortId);
    expect(html).toContain('/media/tours/');
    expect(html).not.toContain('<b>house</b>');
  });

  it("speaks the visitor's language: Accept-Language picks it (Vary says so), ?lang= overrides, English otherwise", async () => {
    const opening = (html: string) => /<html [^>]*>/.exec(html)![0];
    const asked = async (path: string, acceptLanguage?: string) => {
      const response = await t.app.request(path, { headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get('Vary')!.split(/\s*,\s*/)).toEqual(expect.arrayContaining(['Accept-Language', 'Accept-Encoding']));
      return opening(await response.text());
    };
    expect(await asked(`/tours/${tour.shortId}`)).toBe('<html lang="en" dir="ltr">');
    expect(await asked(`/tours/${tour.shortId}`, 'nl-NL, fr-CA;q=0.9, de;q=0.8')).toBe('<html lang="fr" dir="ltr">');
    expect(await asked(`/tours/${tour.shortId}`, 'ar-EG,ar;q=0.9,en;q=0.5')).toBe('<html lang="ar" dir="rtl">');
    expect(await asked(`/tours/${tour.shortId}?lang=pt-BR`, 'ar')).toBe('<html lang="pt" dir="ltr">');
    // A language the viewer does not speak is no override.
    expect(await asked(`/tours/${tour.shortId}?lang=%22%3E%3Cscript%3E`, 'de')).toBe('<html lang="de" dir="ltr">');
  });

  it('takes its styles from a file, under a CSP that applies no inline styles', async () => {
    const response = await t.app.request(`/tours/${tour.shortId}`);
    const html = await response.text();
    expect(html).toContain('<link rel="stylesheet" href="/embed/tour-page.css">');
    expect(html).not.toMatch(/<style|\sstyle=/);
    const directives = response.headers.get('Content-Security-Policy')!.split('; ');
    expect(directives.filter((directive) => directive.startsWith('style-src'))).toEqual(["style-src 'self'"]);
  });

  it('never embeds a private tour’s data', async () => {
    await setPrivacy('Private');
    const html = await page();
    expect(html).not.toContain('id="tour-data"');
    expect(html).not.toContain('Secret');
    expect(html).not.toContain('/media/tours/');
    expect(html).toContain(`short-id="${tour.shortId}"`);
  });

  it('embeds only the cover of a password tour: no scenes, media or password', async () => {
    await setPrivacy('Password');
    const html = await page();
    const data = JSON.parse(html.match(/<script type="application\/json" id="tour-data">(.*?)<\/script>/s)![1]);
    expect(data).toMatchObject({ locked: true, privacy: 'Password', images: [], floorplans: [] });
    expect(html).not.toContain('/media/tours/');
    expect(html).not.toContain('open sesame');
  });

  it('still answers when the saved share picture is not an address, with the default picture in its meta tags', async () => {
    const fallback = `http://localhost/api/tours/${tour.shortId}/meta/center.jpg`;
    for (const socialImage of ['http://[', 'javascript:alert(1)', 'https://example.com/share.jpg']) {
      const saved = await t.app.request(`/api/tours/${tour.shortId}`, json({ ...tour, socialImage }, owner.auth));
      expect(saved.status).toBe(200);
      tour = await saved.json();
      expect((tour as unknown as { socialImage: string }).socialImage, 'stored as typed').toBe(socialImage);
      const response = await t.app.request(`/tours/${tour.shortId}`);
      expect(response.status).toBe(200);
      const shared = (await response.text()).match(/<meta property="og:image" content="([^"]*)">/)?.[1];
      expect(shared).toBe(socialImage.startsWith('https:') ? socialImage : fallback);
    }
  });

  it('shares no picture of a password tour', async () => {
    await setPrivacy('Password');
    expect(await page()).not.toContain('og:image');
  });

  it('answers an unknown tour with 404 and no data', async () => {
    const response = await t.app.request('/tours/no-such-tour');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('id="tour-data"');
  });
});

describe('GET /api/tours/{shortId} caching', () => {
  it('sends no-store for private and password tours and no-cache for public ones', async () => {
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).headers.get('cache-control')).toBe('no-cache');
    await setPrivacy('Private');
    expect((await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).headers.get('cache-control')).toContain('no-store');
    expect((await t.app.request(`/api/tours/${tour.shortId}`, { headers: other.auth })).headers.get('cache-control')).toContain('no-store');
    await setPrivacy('Password');
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).headers.get('cache-control')).toContain('no-store');
  });
});

const pageUrl = (shortId: string, query = '') => `http://localhost/tours/${shortId}${query}`;
const oembed = (query: Record<string, string>) => t.app.request(`/oembed?${new URLSearchParams(query)}`);

describe('GET /oembed', () => {
  it('answers a public tour page address with rich iframe code, its title, provider and thumbnail, at 16:9', async () => {
    const response = await oembed({ url: pageUrl(tour.shortId), format: 'json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const body = await response.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'Secret <b>house</b>',
      provider_name: 'Tour Platform',
      provider_url: 'http://localhost/',
      cache_age: 3600,
      width: 800,
      height: 450,
      thumbnail_url: `http://localhost/api/tours/${tour.shortId}/meta/center.jpg`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(body.html).toBe(
      `<iframe src="http://localhost/tours/${tour.shortId}" title="Secret &#60;b&#62;house&#60;/b&#62;" loading="lazy" ` +
        'width="800" height="450" frameborder="0" style="border:0" allowfullscreen allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer; camera; microphone; display-capture"></iframe>',
    );
  });

  it('keeps the iframe (in its width and height attributes) and the thumbnail within maxwidth and maxheight, and keeps listing-compliant mode asked by the address', async () => {
    const size = async (query: Record<string, string>) => {
      const { width, height, html, thumbnail_width, thumbnail_height } = await (await oembed({ url: pageUrl(tour.shortId), ...query })).json();
      expect(html).toContain(`width="${width}" height="${height}"`);
      return { width, height, thumbnail: [thumbnail_width, thumbnail_height] };
    };
    expect(await size({ maxwidth: '400' })).toEqual({ width: 400, height: 225, thumbnail: [400, 210] });
    expect(await size({ maxheight: '180' })).toEqual({ width: 320, height: 180, thumbnail: [342, 180] });
    expect(await size({ maxwidth: '400', maxheight: '100' })).toEqual({ width: 177, height: 100, thumbnail: [190, 100] });
    expect(await size({ maxwidth: '2000' })).toEqual({ width: 800, height: 450, thumbnail: [1200, 630] });
    const mls = await (await oembed({ url: pageUrl(tour.shortId, '?mls=1') })).json();
    expect(mls.html).toContain(`src="http://localhost/tours/${tour.shortId}?mls=1"`);
  });

  it('answers 404 for private, password and locked tours, exactly as for an unknown one', async () => {
    const unknown = await oembed({ url: pageUrl('no-such-tour') });
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();
    expect(unknownBody.error.code).toBe('NotFound');
    for (const privacy of ['Private', 'Password'] as const) {
      await setPrivacy(privacy);
      const response = await oembed({ url: pageUrl(tour.shortId) });
      expect(response.status, privacy).toBe(404);
      expect(await response.json(), privacy).toEqual(unknownBody);
    }
    await t.db.updateTable('tour').set({ type: 'locked', privacy: 'Public' }).where('short_id', '=', tour.shortId).execute();
    expect((await oembed({ url: pageUrl(tour.shortId) })).status).toBe(404);
  });

  it('refuses bad inputs in the one error shape: no url, not an address (malformed ones too), another host, not a tour page, bad sizes, xml', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'BadRequest'],
      [{ url: 'not an address' }, 400, 'BadRequest'],
      [{ url: 'http://%zz' }, 400, 'BadRequest'],
      [{ url: '::::' }, 400, 'BadRequest'],
      [{ url: 'http://localhost/tours/%zz' }, 400, 'BadRequest'],
      [{ url: `https://evil.example/tours/${tour.shortId}` }, 404, 'NotFound'],
      [{ url: `http://localhost:8080/tours/${tour.shortId}` }, 404, 'NotFound'],
      [{ url: 'http://localhost/dashboard' }, 404, 'NotFound'],
      [{ url: `http://localhost/api/tours/${tour.shortId}` }, 404, 'NotFound'],
      [{ url: `http://localhost/tours/${tour.shortId}/extra` }, 404, 'NotFound'],
      [{ url: pageUrl(tour.shortId), maxwidth: '-5' }, 400, 'ValidationFailed'],
      [{ url: pageUrl(tour.shortId), maxheight: 'big' }, 400, 'ValidationFailed'],
      [{ url: pageUrl(tour.shortId), maxwidth: '0' }, 400, 'ValidationFailed'],
      [{ url: pageUrl(tour.shortId), format: 'xml' }, 501, 'NotImplemented'],
      [{ url: pageUrl(tour.shortId), format: 'yaml' }, 501, 'NotImplemented'],
    ];
    for (const [query, status, code] of cases) {
      const response = await oembed(query);
      expect(response.status, JSON.stringify(query)).toBe(status);
      expect((await response.json()).error.code, JSON.stringify(query)).toBe(code);
    }
  });
});

describe('the public tour page for crawlers and oEmbed consumers', () => {
  const page = async () => (await t.app.request(`/tours/${tour.shortId}`)).text();

  it('names its oEmbed address when public, and is not indexed nor offered when private, password or locked', async () => {
    const open = await page();
    const href = open.match(/<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/)?.[1];
    expect(href).toBe(`http://localhost/oembed?url=${encodeURIComponent(pageUrl(tour.shortId))}&amp;format=json`);
    expect((await t.app.request(href!.replace('http://localhost', '').replace('&amp;', '&'))).status).toBe(200);
    expect(open).not.toContain('noindex');
    expect(open).toContain(`<link rel="canonical" href="${pageUrl(tour.shortId)}">`);

    for (const privacy of ['Private', 'Password'] as const) {
      await setPrivacy(privacy);
      const html = await page();
      expect(html, privacy).toContain('<meta name="robots" content="noindex">');
      expect(html, privacy).not.toContain('json+oembed');
    }
    await t.db.updateTable('tour').set({ type: 'locked', privacy: 'Public' }).where('short_id', '=', tour.shortId).execute();
    expect(await page()).toContain('<meta name="robots" content="noindex">');
    expect(await (await t.app.request('/tours/no-such-tour')).text()).toContain('noindex');
  });
});

describe("the admin's page", () => {
  it('carries SITE_NAME as its title and application name, escaped, for the header to show', async () => {
    const named = await createTestApp({ SITE_NAME: 'Acme <Tours>' });
    const html = await (await named.app.request('/dashboard')).text();
    expect(html).toContain('<title>Acme &lt;Tours&gt;</title>');
    expect(html).toContain('<meta name="application-name" content="Acme &lt;Tours&gt;">');
    // Compressed from the page as rewritten, not the build's variant of the page before.
    const compressed = await named.app.request('/dashboard', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(compressed.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(html);
    expect(await (await t.app.request('/dashboard')).text()).toContain('<title>Tour Platform</title>');
  });
});

describe('the public tour page for social sites', () => {
  it('names the site, its picture with size, type and a text alternative, as SITE_NAME sets it', async () => {
    const named = await createTestApp({ SITE_NAME: 'Acme Tours' });
    const seed = await signUp(named, 'Owner');
    const made = await (await named.app.request('/api/tours', { method: 'POST', headers: seed.auth })).json();
    const html = await (await t.app.request(`/tours/${tour.shortId}`)).text();
    const meta = (key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];
    expect(meta('og:site_name')).toBe('Tour Platform');
    expect(meta('og:image')).toBe(`http://localhost/api/tours/${tour.shortId}/meta/center.jpg`);
    expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:type')]).toEqual(['1200', '630', 'image/jpeg']);
    expect(meta('og:image:alt')).toBe('Secret &lt;b&gt;house&lt;/b&gt;: a view of the tour');
    expect(meta('twitter:image:alt')).toBe(meta('og:image:alt'));
    expect(await (await named.app.request(`/tours/${made.shortId}`)).text()).toContain('<meta property="og:site_name" content="Acme Tours">');
  });

  it('leaves out the size and type of a share picture the owner set to an address of their own', async () => {
    const saved = await t.app.request(`/api/tours/${tour.shortId}`, json({ ...tour, socialImage: 'https://pictures.example/house.png' }, owner.auth));
    expect(saved.status).toBe(200);
    const html = await (await t.app.request(`/tours/${tour.shortId}`)).text();
    expect(html).toContain('<meta property="og:image" content="https://pictures.example/house.png">');
    expect(html).not.toContain('og:image:width');
    expect(html).toContain('og:image:alt');
  });
});
