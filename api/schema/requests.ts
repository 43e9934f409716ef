import { z } from 'zod';

/** Showing form limits. */
export const showingFormSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(100),
  phone: z.string().max(20).default(''),
  comments: z.string().max(1000).default(''),
});

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

/** The dashboard's list: a page of tours, those whose title holds `search` when given. */
export const tourListQuerySchema = pageQuerySchema.extend({ search: z.string().trim().max(200).optional() });

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

export interface ShowingRequest extends ShowingForm {
  id: number;
  tourId: number;
  createdDate: string;
}
