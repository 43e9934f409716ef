import { proxy } from 'valtio';
import type { InboxSummary } from '../../../api/schema/notifications';
import { api } from '../../lib/api-client';

/** The inbox's unread counts, shared by the header's badge and the inbox page. */
export const inbox = proxy<{ summary: InboxSummary | null }>({ summary: null });

/** Asks for the counts again; a failure leaves the last ones (the badge is a hint, never a blocker). */
export async function refreshInboxSummary(): Promise<void> {
  try {
    inbox.summary = await api<InboxSummary>('GET', '/inbox/summary');
  } catch {
    // The counts stay as they were.
  }
}
