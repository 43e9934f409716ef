import { describe, expect, it } from 'vitest';
import { vp8First } from '../../../../embed/video/mesh';

const codec = (mimeType: string, sdpFmtpLine?: string) => ({ mimeType, clockRate: 90000, ...(sdpFmtpLine && { sdpFmtpLine }) });

describe('mesh video codec preference (VP8 preferred)', () => {
  it('puts VP8 first and keeps every other codec after it, in its order', () => {
    const safari = [
      codec('video/H264', 'profile-level-id=42e01f'),
      codec('video/H264', 'profile-level-id=640c1f'),
      codec('video/rtx'),
      codec('video/VP8'),
      codec('video/VP9'),
      codec('video/red'),
    ];
    expect(vp8First(safari).map((entry) => entry.mimeType)).toEqual(['video/VP8', 'video/H264', 'video/H264', 'video/rtx', 'video/VP9', 'video/red']);
  });

  it('leaves a list without VP8 as it was', () => {
    const list = [codec('video/H264'), codec('video/rtx')];
    expect(vp8First(list)).toEqual(list);
  });
});
