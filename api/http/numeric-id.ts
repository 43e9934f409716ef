/**
 * A numeric id from a path, a form field or a room name: plain decimal digits naming a positive safe integer, or
 * undefined. `Number()` alone would take '0x2', '2e0', ' 2' or '02' as 2, so one tour would answer to many names.
 */
export function parseNumericId(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
