import { session } from '../../lib/session';
import { InboxList } from '../inbox/InboxList';
import type { TabProps } from './tab-props';

/** Asking visitors for their contact details, and what they sent: the leads as CSV and the inbox. */
export function LeadGenTab({ tour, set }: TabProps) {
  return (
    <section aria-label="Lead generation" className="ad-form">
      <label className="ad-check">
        <input type="checkbox" checked={tour.leadgen.enabled} onChange={(event) => set('leadgen', { ...tour.leadgen, enabled: event.target.checked })} /> Ask
        visitors for their contact details
      </label>
      <label className="ad-field">
        <span>Message</span>
        <input
          value={tour.leadgen.message}
          placeholder="to receive information about this"
          onChange={(event) => set('leadgen', { ...tour.leadgen, message: event.target.value })}
        />
      </label>
      <p>
        <a href={`/api/tours/${tour.shortId}/leads.csv`} onClick={(event) => (event.preventDefault(), void downloadLeads(tour.shortId))}>
          Download leads (CSV)
        </a>
      </p>
      <InboxList shortId={tour.shortId} />
    </section>
  );
}

async function downloadLeads(shortId: string) {
  const response = await fetch(`/api/tours/${shortId}/leads.csv`, { headers: { Authorization: `JWT ${session.user?.token}` } });
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `leads-${shortId}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}
