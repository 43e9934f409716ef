/** The viewer talks to the server it was loaded from, wherever the partner page lives. */
export const API_ORIGIN = new URL(import.meta.url).origin;

export function absoluteUrl(url: string): string {
  return url ? new URL(url, `${API_ORIGIN}/`).href : '';
}
