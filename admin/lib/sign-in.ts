import { MESSAGES, type ErrorBody } from '../../api/schema/errors';
import type { LoginAnswer } from '../../api/schema/auth-requests';
import { RequestFailed } from './request-failed';

/**
 * Signs in, sent without the Authorization header on purpose: the server answers 401 to any request carrying a
 * gone token, the sign-in itself included. A guest session's token goes in the body instead, so that the
 * account takes over the guest's tours; a gone one moves nothing and does not stop the sign-in.
 */
export async function signIn(email: string, password: string, guestToken?: string): Promise<LoginAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, ...(guestToken ? { guestToken } : {}) }),
    });
  } catch {
    throw new RequestFailed(0, 'NetworkError', MESSAGES.notConnected);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody> & Partial<LoginAnswer>;
  if (!response.ok || !body.user)
    throw new RequestFailed(response.status, body.error?.code ?? 'InternalError', body.error?.message ?? 'Something went wrong.', body.error?.details);
  return { user: body.user, movedTours: body.movedTours ?? 0 };
}
