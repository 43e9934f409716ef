import { z } from 'zod';

import { ANALYTICS_MAX_EVENTS } from './analytics-bounds';

export { ANALYTICS_MAX_BODY_BYTES, ANALYTICS_MAX_EVENTS } from './analytics-bounds';

export const ANALYTICS_EVENT_TYPES = [
  'scene', // a scene entered; `ms` is the time spent in it once left
  'hotspot',
  'info',
  'lead',
  'showing',
  'chat',
  'share',
  'fullscreen',
  'vr',
  'end', // the visit's length so far in `ms`; the last one of a visit counts
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const ANALYTICS_KINDS = ['page', 'element', 'iframe'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const ANALYTICS_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type AnalyticsDevice = (typeof ANALYTICS_DEVICES)[number];

const id = z.string().min(1).max(64);

export const analyticsEventSchema = z.strictObject({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  /** Milliseconds since the visit started. */
  at: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000),
  sceneId: id.optional(),
  targetId: id.optional(),
  ms: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000)
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The beacon the viewer sends as text/plain JSON to `POST /api/tours/{shortId}/visits`. */
export const visitBeaconSchema = z.strictObject({
  /** Random per visit, made by the viewer; only used to tell a visit's first beacon from the next ones. */
  visitId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** The embedding page's host only (never its path or query). */
  host: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]*$/),
  kind: z.enum(ANALYTICS_KINDS),
  device: z.enum(ANALYTICS_DEVICES),
  events: z.array(analyticsEventSchema).max(ANALYTICS_MAX_EVENTS),
});
export type VisitBeacon = z.infer<typeof visitBeaconSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const analyticsRangeQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  format: z.enum(['json', 'csv']).optional(),
  /** Which of a tour's tables the CSV holds: its days (the default), or its hotspot and info-spot opens. */
  table: z.enum(['days', 'clicks']).optional(),
});

export const analyticsTotalsSchema = z.object({
  views: z.number(),
  /** Sum of daily unique visitors over the range ("daily visitors"). */
  visitors: z.number(),
  medianSeconds: z.number(),
  leads: z.number(),
  showings: z.number(),
  chats: z.number(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

/** Views and daily visitors of each day of a range that has any, in order. */
const analyticsDaysSchema = z.array(z.object({ date: isoDate, views: z.number(), visitors: z.number() }));

/** `GET /api/tours/{shortId}/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD` */
export const tourAnalyticsSchema = z.object({
  from: isoDate,
  to: isoDate,
  totals: analyticsTotalsSchema,
  days: analyticsDaysSchema,
  scenes: z.array(z.object({ sceneId: z.string(), title: z.string(), views: z.number(), medianSeconds: z.number() })),
  /** Opens of each hotspot (named by the scene it leads to) and info spot (by its text) still in the tour, most first. */
  hotspots: z.array(z.object({ sceneId: z.string(), targetId: z.string(), kind: z.enum(['hotspot', 'info']), name: z.string(), clicks: z.number() })),
  referrers: z.array(z.object({ host: z.string(), views: z.number() })),
  devices: z.object({ phone: z.number(), tablet: z.number(), desktop: z.number() }),
});
export type TourAnalytics = z.infer<typeof tourAnalyticsSchema>;

/** `GET /api/analytics?from=&to=`: the totals per tour the caller owns or administers, and their days together. */
export const analyticsOverviewSchema = z.object({
  from: isoDate,
  to: isoDate,
  days: analyticsDaysSchema,
  items: z.array(
    z.object({
      shortId: z.string(),
      title: z.string(),
      views: z.number(),
      visitors: z.number(),
      leads: z.number(),
    }),
  ),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
