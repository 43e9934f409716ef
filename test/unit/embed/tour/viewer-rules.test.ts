import { describe, expect, it } from 'vitest';
import { tourConfigSchema } from '../../../../api/schema/tour';
import { everythingOnTour } from '../../../browser/embed/support/fixtures';
import { flagOn, listingModeAllowed, lockCheck, showsWatermark, visibleControls, type ControlsContext } from '../../../../embed/tour/viewer-rules';

const baseTour = everythingOnTour;
const base: ControlsContext = { tour: baseTour, handheld: false, vr: false, mls: false, chatActive: false };

// Viewer: right sidebar and left icon stack.
describe('visibleControls, against the table of controls', () => {
  it.each<[string, Partial<ControlsContext> & { tourPatch?: Partial<ControlsContext['tour']> }, Partial<ReturnType<typeof visibleControls>>]>([
    [
      'desktop, everything on',
      {},
      { ambience: true, share: true, fullscreen: true, motion: false, vr: true, videoChat: true, lead: true, floorplan: true, showing: true },
    ],
    ['no ambience audio', { tourPatch: { config: tourConfigSchema.parse({}) } }, { ambience: false }],
    [
      'VR hides share, fullscreen, chat, lead, floor plan',
      { vr: true },
      { share: false, fullscreen: false, videoChat: false, lead: false, floorplan: false, vr: true },
    ],
    ["a handheld device (whatever the viewer's width): no fullscreen, motion control shown", { handheld: true }, { fullscreen: false, motion: true }],
    [
      'mls=1 hides share, lead icon, showing requests and branding',
      { mls: true },
      { share: false, lead: false, showing: false, branding: false, videoChat: false },
    ],
    ['scheduling off', { tourPatch: { isScheduleEnabled: false } }, { showing: false }],
    ['during a chat the chat button hides, the panel stays', { chatActive: true }, { videoChat: false, videoChatPanel: true }],
    ['chat disabled on the tour', { tourPatch: { isVideoChatEnabled: false } }, { videoChat: false, videoChatPanel: false }],
    ['mls=1 keeps the chat panel shut', { mls: true }, { videoChatPanel: false }],
    ['leadgen off', { tourPatch: { leadgen: { enabled: false, message: '' } } }, { lead: false }],
    ['no floor plans', { tourPatch: { floorplans: [] } }, { floorplan: false }],
  ])('%s', (_label, { tourPatch, ...context }, expected) => {
    expect(visibleControls({ ...base, ...context, tour: { ...baseTour, ...tourPatch } })).toMatchObject(expected);
  });
});

describe('listing mode and lock check', () => {
  it('allows listing mode for paid tours and Pro Plus owners only', () => {
    expect(listingModeAllowed({ type: 'paid', owner: { type: 1 } })).toBe(true);
    expect(listingModeAllowed({ type: 'free', owner: { type: 2 } })).toBe(true);
    expect(listingModeAllowed({ type: 'free', owner: { type: 1 } })).toBe(false);
    expect(listingModeAllowed({ type: 'locked', owner: null })).toBe(false);
  });

  it('sends owners to payments or share-and-embed and visitors to the locked-tour modal', () => {
    const locked = { type: 'locked' as const, userId: 7, owner: { type: 1 as const } };
    expect(lockCheck(locked, { id: 7, type: 1 })).toBe('payments');
    expect(lockCheck({ ...locked, owner: { type: 2 } }, { id: 7, type: 2 })).toBe('share-and-embed');
    expect(lockCheck(locked, { id: 8, type: 1 })).toBe('locked-tour');
    expect(lockCheck(locked, null)).toBe('locked-tour');
    expect(lockCheck({ ...locked, type: 'paid' }, null)).toBe('none');
    expect(lockCheck({ ...locked, owner: null }, null)).toBe('none');
    expect(lockCheck({ ...locked, teamMember: true }, { id: 8, type: 1 }), "a member of the tour's team").toBe('none');
  });

  it('keeps a tour opened with an e-mail address unpublished for its owner only', () => {
    const opened = { type: 'locked-with-email' as const, userId: 7, owner: { type: 1 as const } };
    expect(lockCheck(opened, { id: 7, type: 1 })).toBe('payments');
    expect(lockCheck(opened, { id: 8, type: 1 })).toBe('none');
    expect(lockCheck(opened, null)).toBe('none');
  });

  it('puts the watermark on free tours and on tours opened with an e-mail address, never on paid ones', () => {
    expect(showsWatermark({ type: 'free' })).toBe(true);
    expect(showsWatermark({ type: 'locked-with-email' })).toBe(true);
    expect(showsWatermark({ type: 'paid' })).toBe(false);
    expect(showsWatermark({ type: 'locked' })).toBe(false);
  });

  it('reads boolean attributes as HTML does: present (bare too) means on, unless "0" or "false"; absent means off', () => {
    for (const on of ['', '1', 'true', 'yes', 'mls']) expect(flagOn(on), JSON.stringify(on)).toBe(true);
    for (const off of ['0', 'false', 'FALSE', ' false ', null, undefined]) expect(flagOn(off), JSON.stringify(off)).toBe(false);
  });
});
