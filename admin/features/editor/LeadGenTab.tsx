import { downloadFile } from '../../lib/download';
import { InboxList } from '../inbox/InboxList';
import { useTourFields } from './use-tour-fields';

/** Asking visitors for their contact details, and what they sent: the leads and showing requests as CSV and the inbox. */
export function LeadGenTab() {
  const { tour, set } = useTourFields();
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
        <a
          href={`/api/tours/${tour.shortId}/leads.csv`}
          onClick={(event) => (event.preventDefault(), void downloadFile(`/tours/${tour.shortId}/leads.csv`, `leads-${tour.shortId}.csv`))}
        >
          Download leads (CSV)
        </a>
        {' · '}
        <a
          href={`/api/inbox/showings.csv?tour=${tour.shortId}`}
          onClick={(event) => (event.preventDefault(), void downloadFile(`/inbox/showings.csv?tour=${tour.shortId}`, `showing-requests-${tour.shortId}.csv`))}
        >
          Download showing requests (CSV)
        </a>
      </p>
      <InboxList tour={tour.shortId} />
    </section>
  );
}
