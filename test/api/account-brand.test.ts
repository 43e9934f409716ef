import { describe, expect, it } from 'vitest';
import type { BrandApplied, BrandDefaults } from '../../api/schema/account';
import type { Page } from '../../api/schema/requests';
import type { HistoryEntry } from '../../api/schema/team';
import type { Tour } from '../../api/schema/tour';
import { createTestApp } from './support/test-app';
import { expectCall, person, savedTour, teamWith } from './support/teams';

const BRAND: BrandDefaults = {
  logo: '/media/assets/harbour-logo.png',
  companyName: 'Harbour Homes',
  contacts: { person: 'Ann Agent', email: 'ann@harbour.example', number: '+1 555 0100' },
  agentName: 'Ann Agent',
  agentEmail: 'ann@harbour.example',
  isLinkbackEnabled: true,
  linkbackUrl: 'https://harbour.example/listings',
};

describe("the account's brand defaults", () => {
  it('start empty, are saved checked like a brand kit, and new tours start with them', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    await expectCall(t, 'GET', '/account/brand', undefined, 401);
    expect(await expectCall<BrandDefaults>(t, 'GET', '/account/brand', owner, 200)).toMatchObject({ logo: '', companyName: '', linkbackUrl: '' });
    const refused = await expectCall(t, 'PUT', '/account/brand', owner, 422, { ...BRAND, linkbackUrl: 'javascript:alert(1)' });
    expect(refused.error.details.fieldErrors.linkbackUrl).toEqual(['Give a web address starting with http:// or https://.']);
    expect(await expectCall<BrandDefaults>(t, 'PUT', '/account/brand', owner, 200, BRAND)).toEqual(BRAND);
    expect(await expectCall<BrandDefaults>(t, 'GET', '/account/brand', owner, 200)).toEqual(BRAND);

    const fresh = await expectCall<Tour>(t, 'POST', '/tours', owner, 201);
    expect(fresh).toMatchObject(BRAND);
    // Another owner's new tours are their own.
    const other = await person(t, 'Oscar');
    expect(await expectCall<Tour>(t, 'POST', '/tours', other, 201)).toMatchObject({ companyName: '', linkbackUrl: '' });
  });

  it('apply to all the owner’s tours as a new revision each, told in a team tour’s history, and to nobody else’s', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const colleague = await person(t, 'Ed');
    const team = await teamWith(t, owner, [[colleague, 'edit']]);
    const alone = await savedTour(t, owner, { title: 'Alone' });
    const shared = await savedTour(t, owner, { title: 'Shared' });
    await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, owner, 201, { tourId: shared.shortId });
    const theirs = await savedTour(t, colleague, { title: 'Theirs' });
    await expectCall(t, 'PUT', '/account/brand', owner, 200, BRAND);

    expect(await expectCall<BrandApplied>(t, 'POST', '/account/brand/apply', owner, 200)).toEqual({ tours: 2 });
    for (const before of [alone, shared]) {
      const after = await expectCall<Tour>(t, 'GET', `/tours/${before.shortId}`, owner, 200);
      expect(after).toMatchObject({ ...BRAND, title: before.title, revision: before.revision + 1 });
      // An editor still on the old revision is told the tour changed, as after any other write.
      await expectCall(t, 'POST', `/tours/${before.shortId}`, owner, 409, { ...before, title: 'Stale' });
    }
    const [entry] = (await expectCall<Page<HistoryEntry>>(t, 'GET', `/teams/${team.id}/history?tourId=${shared.shortId}`, colleague, 200)).items;
    expect(entry).toMatchObject({ type: 'brand', currentValue: 'the account brand applied', user: { name: 'Olivia' } });
    expect(await expectCall<Tour>(t, 'GET', `/tours/${theirs.shortId}`, colleague, 200)).toMatchObject({ companyName: '', revision: theirs.revision });
    await expectCall(t, 'POST', '/account/brand/apply', undefined, 401);
  });
});
