import type { ErrorBody } from '../../api/schema/errors';
import { trackRequest } from './loading-progress';
import { RequestFailed } from './request-failed';
import { session } from './session';

/** Calls /api with the JWT header. A 401 is the caller's to handle: the editor keeps its edit and asks to sign in again. */
export function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  // Every owner request, uploads included, goes through here, so the top loading bar counts them all.
  return trackRequest(send<T>(method, path, body));
}

/** The same call without the loading bar: for background polls the owner did not ask for. */
export function apiQuietly<T>(method: string, path: string): Promise<T> {
  return send<T>(method, path);
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
  if (!response.ok) throw failure(response.status, response.statusText, json);
  return json as T;
}

/** The server's error in the one error shape, or the HTTP status text when a proxy answered instead. */
function failure(status: number, statusText: string, json: unknown): RequestFailed {
  const error = (json as Partial<ErrorBody>).error ?? { code: 'InternalError', message: statusText };
  return new RequestFailed(status, error.code, error.message, error.details);
}

/**
 * POSTs a form and reports how much of it has been sent, from 0 to 1, as it goes: fetch tells nothing of an
 * upload's progress, XMLHttpRequest does. Errors as api() gives them.
 */
export function upload<T>(path: string, form: FormData, onProgress: (sent: number) => void): Promise<T> {
  return trackRequest(
    new Promise<T>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `/api${path}`);
      if (session.user) request.setRequestHeader('Authorization', `JWT ${session.user.token}`);
      request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      request.onerror = () => reject(new RequestFailed(0, 'NetworkError', 'Not Connected to Internet'));
      request.onload = () => {
        let json: unknown = {};
        try {
          json = JSON.parse(request.responseText);
        } catch {
          // Not our API's answer (a proxy's error page): the status text stands in for the message.
        }
        if (request.status >= 200 && request.status < 300) resolve(json as T);
        else reject(failure(request.status, request.statusText, json));
      };
      request.send(form);
    }),
  );
}
