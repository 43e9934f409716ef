import { z } from 'zod';
import type { User } from './user';

/** What an owner types to sign up; each refusal is a sentence the form shows under its field. */
export const signupSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(100, 'Your name can be at most 100 characters.'),
  email: z.email('Please enter your e-mail address, like name@example.com.').max(200, 'An e-mail address can be at most 200 characters.'),
  password: z.string().min(8, 'Your password needs at least 8 characters.').max(200, 'Your password can be at most 200 characters.'),
});

/**
 * `guestToken`: the sign-in token of the guest session the sign-in comes from, whose tours the account takes over.
 * Sent in the body rather than as the caller's Authorization: a gone guest session must not stop the sign-in.
 */
export const loginSchema = z.object({
  email: signupSchema.shape.email,
  password: z.string().min(1, 'Please enter your password.').max(200, 'Your password can be at most 200 characters.'),
  guestToken: z.string().max(2000).optional(),
});

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
