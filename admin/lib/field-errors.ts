import { RequestFailed } from './request-failed';

/** The first refusal of each field: a field name and the sentence that says what to change. */
export type FieldErrors = Partial<Record<string, string>>;

/** From a 422's details or a schema check made here (both zod's flattened error: `{ fieldErrors: { field: [...] } }`). */
export function fieldErrorsOf(details: unknown): FieldErrors {
  const fields = (details as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])));
}

/**
 * What a refused request says, naming the fields by what the owner sees them as ("Tour title: Keep it to 200
 * characters or fewer.") rather than the API's general "Some values are not valid.".
 */
export function refusalInWords(failure: RequestFailed, labels: Record<string, string>): string {
  const fields = Object.entries(fieldErrorsOf(failure.details));
  if (fields.length === 0) return failure.message;
  return fields.map(([field, message]) => `${labels[field] ?? field}: ${message}`).join(' ');
}

/** A refused request as a form shows it: sentences under the fields they concern, else one sentence for the form. */
export function refusalOf(err: unknown): { fields: FieldErrors; message: string } {
  if (!(err instanceof RequestFailed)) return { fields: {}, message: 'Something went wrong.' };
  const fields = fieldErrorsOf(err.details);
  return { fields, message: Object.keys(fields).length > 0 ? '' : err.message };
}
