let cached: number | undefined;

/** The device's WebGL texture limit; phones often stop at 4096 px. */
export function maxTextureSize(): number {
  if (cached === undefined) {
    const gl = document.createElement('canvas').getContext('webgl');
    cached = gl ? (gl.getParameter(gl.MAX_TEXTURE_SIZE) as number) : 0;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
  return cached;
}
