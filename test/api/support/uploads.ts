import { expect } from 'vitest';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

/** Uploads `bytes` as the form field `field` (with `fields` beside it) and answers the 201's body. */
export async function postFile(
  t: TestApp,
  user: TestUser,
  path: string,
  field: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): Promise<Record<string, string>> {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(bytes)], 'upload'));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const response = await t.app.request(path, { method: 'POST', body: form, headers: user.auth });
  expect(response.status).toBe(201);
  return response.json();
}
