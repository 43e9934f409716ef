/**
 * What a tour is called wherever it is named (lists, mails, pages, the viewer's labels): the title the owner
 * gave it, else its internal name, else nothing, for the caller's own fallback ("Virtual tour", "Untitled tour").
 * Free of zod, so the viewer and mails can use it without the schemas.
 */
export function tourTitle(tour: { title?: string | null; name?: string | null }): string {
  return tour.title || tour.name || '';
}
