import { z } from 'zod';

export const signupSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(200),
  password: z.string().min(8).max(200),
});

export const loginSchema = z.object({ email: z.email().max(200), password: z.string().min(1).max(200) });

export const userUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  picture: z.string().max(1000).optional(),
  typeIntention: z.string().max(50).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
