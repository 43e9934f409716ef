import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip';

/** Answers shorter than this gain less from compressing than the client spends on undoing it. */
const MIN_COMPRESSED_BYTES = 1024;

/** The codings an Accept-Encoding header takes (those with a q of 0 refused). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const taken = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  return taken;
}

/** The coding to answer in: brotli where the client takes it (smaller), else gzip, else none. */
export function preferredCoding(header: string | undefined): Coding | undefined {
  const taken = acceptedEncodings(header);
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : undefined;
}

/**
 * The body in `coding`, or undefined when it is not worth it. `effort` trades time for size: answers compressed
 * once and kept (a tour's state, a built page) take more, and are compressed whatever their size, as the build does
 * its files; answers compressed per request are not below MIN_COMPRESSED_BYTES.
 */
export function compressBody(body: Uint8Array, coding: Coding, effort: 'kept' | 'each'): Uint8Array<ArrayBuffer> | undefined {
  if (effort === 'each' && body.byteLength < MIN_COMPRESSED_BYTES) return undefined;
  const compressed =
    coding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? 9 : 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : gzipSync(body, { level: effort === 'kept' ? 9 : 6 });
  return new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
}

/** Adds a header name to Vary, once. */
export function varyOn(headers: Headers, name: string): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', name);
  else if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    headers.set('Vary', `${vary}, ${name}`);
}

/**
 * Compresses the route's HTML and JSON answers (pages, oEmbed) in the coding the client prefers, per request. Every
 * such answer varies on Accept-Encoding, the plain ones too, so shared caches keep the codings apart.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!/^(text\/html|application\/json)/.test(type) || c.res.headers.has('Content-Encoding') || !c.res.body) return;
    varyOn(c.res.headers, 'Accept-Encoding');
    const coding = preferredCoding(c.req.header('Accept-Encoding'));
    if (!coding) return;
    const plain = new Uint8Array(await c.res.clone().arrayBuffer());
    const compressed = compressBody(plain, coding, 'each');
    if (!compressed) return;
    // Set on the plain answer first: Hono copies its headers into the answer that replaces it.
    c.res.headers.set('Content-Encoding', coding);
    c.res.headers.delete('Content-Length');
    c.res = new Response(compressed, c.res);
  };
}
