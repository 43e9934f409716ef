// Apart from the zod schemas, so that the viewer's visit collector takes the bounds without bundling zod.

/** Largest beacon body the server reads, in bytes; larger ones are refused with 413. */
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024;
/** Most events one beacon may carry. */
export const ANALYTICS_MAX_EVENTS = 200;
