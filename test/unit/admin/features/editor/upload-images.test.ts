import { describe, expect, it } from 'vitest';
import { NOT_STORED, uploadImages, type UploadOne } from '../../../../../admin/features/editor/upload-images';

const file = (name: string) => new File(['x'], name);
const stored = (name: string) => ({
  image: `${name}.jpg`,
  url: `/media/tours/${name}.jpg`,
  thumbUrl: '',
  hotspotUrl: '',
  mobileUrl: '',
  width: 2,
  height: 1,
  size: 1,
  isNotEquirect: false,
});

describe('uploadImages', () => {
  it('retries a failed upload once and a reply without an image name once, then reports the three outcomes', async () => {
    const calls: string[] = [];
    const flaky: UploadOne = async (f) => {
      calls.push(f.name);
      const attempts = calls.filter((name) => name === f.name).length;
      if (f.name === 'hall.jpg') return stored('hall');
      if (f.name === 'kitchen.jpg') {
        if (attempts === 1) throw new Error('network');
        return stored('kitchen');
      }
      return {}; // garden: never names an image
    };
    const remaining: number[] = [];
    const result = await uploadImages([file('hall.jpg'), file('kitchen.jpg'), file('garden.png')], flaky, (n) => remaining.push(n));
    expect(calls).toEqual(['hall.jpg', 'kitchen.jpg', 'kitchen.jpg', 'garden.png', 'garden.png']);
    expect(remaining).toEqual([3, 2, 1, 0]);
    expect(result.uploaded.map((picture) => picture.fileName)).toEqual(['hall.jpg', 'kitchen.jpg']);
    expect(result.outcome).toMatchObject({ kind: 'some', failedTitles: ['garden'] });
    expect(result.failed.map(({ file: { name }, reason }) => [name, reason])).toEqual([['garden.png', NOT_STORED]]);

    expect(
      (
        await uploadImages(
          [file('a.jpg')],
          async () => stored('a'),
          () => undefined,
        )
      ).outcome.kind,
    ).toBe('all');
    const refused = await uploadImages(
      [file('a.jpg')],
      async () => Promise.reject(new Error('Image must be a JPEG, PNG or WebP picture.')),
      () => undefined,
    );
    expect(refused.outcome.kind).toBe('none');
    expect(refused.failed[0].reason, "the server's reason").toBe('Image must be a JPEG, PNG or WebP picture.');
  });
});
