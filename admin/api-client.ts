import type { ErrorBody } from '../api/schema/errors';
import { trackRequest } from './features/loading-progress';
import { RequestFailed } from './request-failed';
import { session } from './session';

/** Calls /api with the JWT header. A 401 is the caller's to handle: the editor keeps its edit and asks to sign in again. */
export function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  // Every owner request, uploads included, goes through here, so the top loading bar counts them all.
  return trackRequest(send<T>(method, path, body));
}

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (session.user) headers.Authorization = `JWT ${session.user.token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: isForm ? body : body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new RequestFailed(0, 'NetworkError', 'Not Connected to Internet');
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = (json as ErrorBody).error ?? { code: 'InternalError', message: response.statusText };
    throw new RequestFailed(response.status, error.code, error.message, error.details);
  }
  return json as T;
}
