import { ApiError } from '../http/errors';

/** The user travels in a cookie with its `meta`, and cookies hold about 4 KB: meta keeps well under that. */
export const MAX_META_BYTES = 2048;
export const MAX_META_DEPTH = 8;

/** How deep objects and arrays nest, walked without recursion so no depth can overflow the stack. */
function depthOver(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The account's `meta` as stored text: 422 when nested too deep, 413 when too large. */
export function storedMeta(meta: Record<string, unknown>): string {
  if (depthOver(meta, MAX_META_DEPTH)) {
    throw new ApiError(422, 'ValidationFailed', `meta may nest at most ${MAX_META_DEPTH} levels deep.`, {
      details: {
        formErrors: [],
        fieldErrors: { meta: [`Nested deeper than ${MAX_META_DEPTH} levels.`] },
      },
    });
  }
  const text = JSON.stringify(meta);
  if (Buffer.byteLength(text) > MAX_META_BYTES) {
    throw new ApiError(413, 'PayloadTooLarge', `meta may take at most ${MAX_META_BYTES} bytes as JSON.`, {
      details: { field: 'meta', maxBytes: MAX_META_BYTES },
    });
  }
  return text;
}
