import { describe, expect, it } from 'vitest';
import { panoramaIdsIn, sceneFormats, type ImageVariants } from '../../../../api/media/image-formats';

const ID = '0123456789abcdef0123456789abcdef';
const scene = (base: string, mobile = true) => ({
  url: `${base}/tours/${ID}.jpg`,
  thumbUrl: `${base}/tours/thumb-${ID}.jpg`,
  hotspotUrl: `${base}/tours/hotspot-${ID}.jpg`,
  mobileUrl: mobile ? `${base}/tours/mobile-${ID}.jpg` : '',
});
const both: ImageVariants = { 'image/webp': ['thumb', 'hotspot', 'mobile'], 'image/avif': ['thumb', 'hotspot'] };

describe('sceneFormats', () => {
  it('lists the types best first, each picture at its JPEG address with the type’s ending', () => {
    expect(sceneFormats(scene('https://cdn.example.com/m'), new Map([[ID, both]]))).toEqual([
      {
        type: 'image/avif',
        thumbUrl: `https://cdn.example.com/m/tours/thumb-${ID}.avif`,
        hotspotUrl: `https://cdn.example.com/m/tours/hotspot-${ID}.avif`,
        mobileUrl: '',
      },
      {
        type: 'image/webp',
        thumbUrl: `https://cdn.example.com/m/tours/thumb-${ID}.webp`,
        hotspotUrl: `https://cdn.example.com/m/tours/hotspot-${ID}.webp`,
        mobileUrl: `https://cdn.example.com/m/tours/mobile-${ID}.webp`,
      },
    ]);
  });

  it('leaves out a picture the scene does not have, or whose address is not its panorama’s', () => {
    const [, webp] = sceneFormats({ ...scene('/media', false), hotspotUrl: '' }, new Map([[ID, both]]))!;
    expect(webp).toEqual({ type: 'image/webp', thumbUrl: `/media/tours/thumb-${ID}.webp`, hotspotUrl: '', mobileUrl: '' });
    const [avif] = sceneFormats({ ...scene('/media'), thumbUrl: '/media/tours/thumb-ffffffffffffffffffffffffffffffff.jpg' }, new Map([[ID, both]]))!;
    expect(avif.thumbUrl).toBe('');
  });

  it('gives nothing for a panorama without modern types, or a picture that is not one of ours', () => {
    expect(sceneFormats(scene('/media'), new Map())).toBeUndefined();
    expect(sceneFormats({ ...scene('/media'), url: 'https://elsewhere.example/pano.jpg' }, new Map([[ID, both]]))).toBeUndefined();
  });
});

describe('panoramaIdsIn', () => {
  it('finds each stored panorama a tour’s data names once, not its small pictures or other files', () => {
    const other = 'fedcba9876543210fedcba9876543210';
    const data = JSON.stringify({
      images: [scene('/media'), { url: `https://cdn.example.com/tours/${other}.jpg`, thumbUrl: `/media/tours/thumb-${'1'.repeat(32)}.jpg` }],
      hotspots: [{ image: { url: `/media/tours/${ID}.jpg` } }],
      logo: `/media/assets/${'2'.repeat(32)}.jpg`,
    });
    expect(panoramaIdsIn(data)).toEqual([ID, other]);
  });
});
