// Without zod, so the viewer takes the list itself (the other schema modules it may take types from only).

/** Image types a scene's small pictures are also stored in, best first, beside the JPEG every browser decodes. */
export const MODERN_IMAGE_TYPES = ['image/avif', 'image/webp'] as const;
export type ModernImageType = (typeof MODERN_IMAGE_TYPES)[number];
