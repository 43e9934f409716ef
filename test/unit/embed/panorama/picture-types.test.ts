import { describe, expect, it } from 'vitest';
import type { ModernImageType } from '../../../../api/schema/image-types';
import { pictureUrl } from '../../../../embed/panorama/picture-types';

const jpeg = { thumbUrl: '/media/tours/thumb-a.jpg', hotspotUrl: '/media/tours/hotspot-a.jpg', mobileUrl: '/media/tours/mobile-a.jpg' };
const listed = {
  ...jpeg,
  formats: [
    { type: 'image/avif' as const, thumbUrl: '/media/tours/thumb-a.avif', hotspotUrl: '/media/tours/hotspot-a.avif', mobileUrl: '' },
    { type: 'image/webp' as const, thumbUrl: '/media/tours/thumb-a.webp', hotspotUrl: '', mobileUrl: '/media/tours/mobile-a.webp' },
  ],
};
const decoding =
  (...types: ModernImageType[]) =>
  (type: ModernImageType) =>
    types.includes(type);

describe('pictureUrl', () => {
  it('takes the first listed type the browser decodes', () => {
    expect(pictureUrl(listed, 'thumbUrl', decoding('image/avif', 'image/webp'))).toBe('/media/tours/thumb-a.avif');
    expect(pictureUrl(listed, 'thumbUrl', decoding('image/webp'))).toBe('/media/tours/thumb-a.webp');
  });

  it('passes over a type the picture was not made in', () => {
    expect(pictureUrl(listed, 'mobileUrl', decoding('image/avif', 'image/webp'))).toBe('/media/tours/mobile-a.webp');
    expect(pictureUrl(listed, 'hotspotUrl', decoding('image/webp'))).toBe('/media/tours/hotspot-a.jpg');
  });

  it('falls back to the JPEG when the browser decodes none of them, or none is listed', () => {
    expect(pictureUrl(listed, 'thumbUrl', decoding())).toBe('/media/tours/thumb-a.jpg');
    expect(pictureUrl(jpeg, 'thumbUrl', decoding('image/avif', 'image/webp'))).toBe('/media/tours/thumb-a.jpg');
    expect(pictureUrl({ ...jpeg, formats: [] }, 'mobileUrl', decoding('image/webp'))).toBe('/media/tours/mobile-a.jpg');
  });
});
