import { z } from 'zod';

/** A calendar day that exists, as `<input type="date">` writes it. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'No such day.');

/** An IANA time zone name the runtime knows (`Europe/Warsaw`), as the visitor's browser reports it. */
const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone.length > 0;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

/**
 * Showing form limits. The preferred day and time are optional and read on the visitor's own clock, so they come
 * with the visitor's time zone: the owner sees them on theirs.
 */
export const showingFormSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    email: z.email().max(100),
    phone: z.string().max(20).default(''),
    comments: z.string().max(1000).default(''),
    preferredDate: calendarDay.optional(),
    preferredTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the form HH:MM.')
      .optional(),
    timeZone: timeZone.optional(),
  })
  .refine((form) => !form.preferredTime || form.preferredDate, { path: ['preferredDate'], message: 'A preferred time needs its day.' })
  .refine((form) => !form.preferredDate || form.timeZone, { path: ['timeZone'], message: 'A preferred day needs its time zone.' });

export const leadSchema = z.object({
  createdDate: z.string().max(40).optional(),
  email: z.email().max(200),
  name: z.string().max(200).default(''),
  tourId: z.union([z.number(), z.string()]).optional(),
  url: z.string().max(2000).default(''),
});

/** A password tour's visitor sends the tour-access token the password gave, to see the tour once it is unlocked. */
export const unlockEmailSchema = z.object({ email: z.email().max(200), tourAccessToken: z.string().max(4096).optional() });

export const passwordCheckSchema = z.object({ password: z.string().max(200), shortId: z.string().min(1).max(100) });

/** Every paginated list answers this shape. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

/** How lists of tours are ordered: most recent first, or by title (case and accents folded). */
export const TOUR_SORTS = ['recent', 'title'] as const;
export type TourSort = (typeof TOUR_SORTS)[number];

/** A list of tours: a page, those whose title holds `search` when given (case and accents aside), in `sort`'s order. */
export const tourListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(TOUR_SORTS).default('recent'),
});

/** Which tours of a list, in which order. */
export interface TourListFilter {
  search?: string;
  /** Most recent first unless given. */
  sort?: TourSort;
}

export type ShowingForm = z.infer<typeof showingFormSchema>;
export type LeadInput = z.infer<typeof leadSchema>;

export interface Lead {
  id: number;
  tourId: number;
  name: string;
  email: string;
  url: string;
  createdDate: string;
}

/** A visitor's preferred showing time: their own clock's reading, their zone, and the instant it names. */
export interface PreferredTime {
  /** `2026-12-01T14:30`, or only the day (`2026-12-01`) when no time was given. */
  local: string;
  /** The visitor's IANA time zone. */
  timeZone: string;
  /** The moment in UTC (ISO 8601), which any other zone can show; null for a day without a time. */
  instant: string | null;
}

export interface ShowingRequest extends Omit<ShowingForm, 'preferredDate' | 'preferredTime' | 'timeZone'> {
  id: number;
  tourId: number;
  preferred: PreferredTime | null;
  createdDate: string;
}
