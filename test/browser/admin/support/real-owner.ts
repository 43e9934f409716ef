import type { Tour } from '../../../../api/schema/tour';
import type { User } from '../../../../api/schema/user';
import { setUser } from '../../../../admin/lib/session';

export const OWNER_PASSWORD = 'correct horse battery';
let counter = 0;

/**
 * Signs a new owner up on the real API (see scripts/wtr-real-api.mjs) and signs the admin in as them. Each owner
 * signs up as a visitor of their own, as real owners do, so the suite stays under the per-address sign-up limit.
 */
export async function signedInOwner(): Promise<User> {
  const email = `owner${++counter}-${Date.now()}@example.com`;
  const response = await fetch('/api/auth/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-Visitor': email },
    body: JSON.stringify({ name: 'Olivia Owner', email, password: OWNER_PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: User };
  setUser(user);
  return user;
}

export async function ownerCall<T>(user: User, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method,
    headers: { Authorization: `JWT ${user.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new, empty tour of this owner, straight from the real API. */
export function newTour(user: User): Promise<Tour> {
  return ownerCall<Tour>(user, 'POST', '/tours');
}

/** The tour as the server holds it now. */
export function storedTour(user: User, shortId: string): Promise<Tour> {
  return ownerCall<Tour>(user, 'GET', `/tours/${shortId}`);
}

/** Types into a React-controlled field as a user would: the value setter React watches, then an input event. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Chooses files in a file input as the file dialog would. */
export function chooseFiles(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A small equirectangular (2:1) PNG drawn on a canvas: a real picture the server accepts. */
export function panoramaFile(name: string, colour: string): Promise<File> {
  return pictureFile(name, colour, 512, 256);
}

/** A one-colour PNG of the given size drawn on a canvas. */
export async function pictureFile(name: string, colour: string, width: number, height: number): Promise<File> {
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((png) => resolve(png!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

/** A few MPEG-1 Layer III frame headers after an ID3 tag: enough for the server to recognise an MP3. */
export function mp3File(name: string): File {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return new File([new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), ...Array.from({ length: 8 }, () => frame)], name, { type: 'audio/mpeg' });
}
