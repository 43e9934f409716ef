import { describe, expect, it } from 'vitest';
import { WHITE_LABEL_NOTICE, whiteLabelRefused } from '../../api/pages/white-label';
import { tourInputSchema } from '../../api/schema/tour';
import { createTestApp } from './support/test-app';

describe('white-label addresses', () => {
  it('checks only tours above id 5820 reached under another host than the platform’s own', () => {
    const tour = { id: 6000, whiteLabelUrl: 'tours.agency.example' };
    expect(whiteLabelRefused(tour, 'tours.example.com', 'https://tours.example.com')).toBe(false);
    expect(whiteLabelRefused(tour, 'tours.agency.example', 'https://tours.example.com')).toBe(false);
    expect(whiteLabelRefused(tour, 'other.example', 'https://tours.example.com')).toBe(true);
    expect(whiteLabelRefused({ id: 5820, whiteLabelUrl: '' }, 'other.example', 'https://tours.example.com')).toBe(false);
    expect(whiteLabelRefused(tour, 'other.example', undefined)).toBe(false);
  });

  it('answers the public page under a foreign host with the notice naming Brand Kit and Pro Plus', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://tours.example.com' });
    await t.db
      .insertInto('tour')
      .values({
        id: 6001,
        short_id: 'wl',
        type: 'paid',
        privacy: 'Public',
        data: JSON.stringify(tourInputSchema.parse({ whiteLabelUrl: 'https://tours.agency.example' })),
        updated_at: '',
      })
      .execute();
    const foreign = await t.app.request('http://other.example/tours/wl');
    expect(foreign.status).toBe(403);
    const text = await foreign.text();
    expect(text).toContain('Tour Editor, Brand Kit, Whitelabel URL');
    expect(text).toContain(WHITE_LABEL_NOTICE.slice(0, 40));
    expect(text).not.toContain('tour-data');
    expect(text, 'styled by the tour page’s file, as its CSP wants').toContain('<link rel="stylesheet" href="/embed/tour-page.css">');
    expect(text).not.toContain('<style');
    expect((await t.app.request('http://tours.agency.example/tours/wl')).status).toBe(200);
    expect((await t.app.request('https://tours.example.com/tours/wl')).status).toBe(200);
  });
});
