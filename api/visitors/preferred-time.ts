import { fromZonedTime } from 'date-fns-tz';
import type { PreferredTime } from '../schema/requests';

/** The stored form: a day, or a day and time, as the visitor's clock reads it. */
export function localPreferredAt(form: { preferredDate?: string; preferredTime?: string }): string | null {
  if (!form.preferredDate) return null;
  return form.preferredTime ? `${form.preferredDate}T${form.preferredTime}` : form.preferredDate;
}

/** A showing request's stored preference as the API answers it; null when the visitor gave none. */
export function preferredTime(local: string | null, timeZone: string | null): PreferredTime | null {
  if (!local || !timeZone) return null;
  return { local, timeZone, instant: local.includes('T') ? fromZonedTime(local, timeZone).toISOString() : null };
}

/** One line for mails and exports: the visitor's reading and zone, and UTC when it is a moment. */
export function describePreferredTime(preferred: PreferredTime | null): string {
  if (!preferred) return '';
  const local = `${preferred.local.replace('T', ' ')} (${preferred.timeZone})`;
  return preferred.instant ? `${local}, ${preferred.instant.slice(0, 16).replace('T', ' ')} UTC` : local;
}
