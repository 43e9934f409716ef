import { z } from 'zod';
import type { User } from './user';

export const signupSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(200),
  password: z.string().min(8).max(200),
});

/**
 * `guestToken`: the sign-in token of the guest session the sign-in comes from, whose tours the account takes over.
 * Sent in the body rather than as the caller's Authorization: a gone guest session must not stop the sign-in.
 */
export const loginSchema = z.object({ email: z.email().max(200), password: z.string().min(1).max(200), guestToken: z.string().max(2000).optional() });

/** The answer to a sign-in: the user, and how many tours came over from the guest session. */
export interface LoginAnswer {
  user: User;
  movedTours: number;
}

export const userUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  picture: z.string().max(1000).optional(),
  typeIntention: z.string().max(50).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
