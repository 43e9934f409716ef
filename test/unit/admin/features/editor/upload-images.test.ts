import { describe, expect, it } from 'vitest';
import { NOT_STORED, uploadImages, type UploadOne } from '../../../../../admin/features/editor/upload-images';
import { RequestFailed } from '../../../../../admin/lib/request-failed';

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

  it('sends a file the server refused (4xx) once, with no Retry, and says why; network and server failures are tried again', async () => {
    const sent: string[] = [];
    const answers: Record<string, RequestFailed> = {
      'huge.jpg': new RequestFailed(413, 'PayloadTooLarge', 'The file is larger than 60 MB.'),
      'offline.jpg': new RequestFailed(0, 'NetworkError', 'Not Connected to Internet'),
      'busy.jpg': new RequestFailed(503, 'Unavailable', 'The server is busy.'),
    };
    const refusing: UploadOne = async (f) => {
      sent.push(f.name);
      throw answers[f.name];
    };
    const one = await uploadImages([file('huge.jpg')], refusing, () => undefined);
    expect(sent).toEqual(['huge.jpg']);
    expect(one.failed).toMatchObject([{ reason: 'The file is larger than 60 MB.', retriable: false }]);
    expect(one.outcome).toEqual({ kind: 'none', message: 'huge.jpg was not uploaded: The file is larger than 60 MB.' });

    sent.length = 0;
    const all = await uploadImages([file('offline.jpg'), file('busy.jpg'), file('huge.jpg')], refusing, () => undefined);
    expect(sent).toEqual(['offline.jpg', 'offline.jpg', 'busy.jpg', 'busy.jpg', 'huge.jpg']);
    expect(all.failed.map(({ retriable }) => retriable)).toEqual([true, true, false]);
    expect(all.outcome.message).toBe('Something went wrong: no images were uploaded. Please try again.');
  });
});
