/** The smallest valid MPEG-1 Layer III frame header, repeated: file-type recognises MP3 from these bytes. */
export const TINY_MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  ...Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])),
]);
