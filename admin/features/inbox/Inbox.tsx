import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Header } from '../../components/Header';
import { downloadFile } from '../../lib/download';
import { InboxList } from './InboxList';
import { inbox } from './inbox-store';

/** The owner's inbox page: what happened on all their tours, filtered by tour, with the visitors' requests as CSV. */
export function Inbox() {
  const { summary } = useSnapshot(inbox);
  const [tour, setTour] = useState('');
  const csv = (what: 'leads' | 'showings') => void downloadFile(`/inbox/${what}.csv${tour ? `?tour=${encodeURIComponent(tour)}` : ''}`, `${what}.csv`);
  return (
    <>
      <Header />
      <main className="ad-main">
        <div className="ad-toolbar">
          <h1>Inbox</h1>
          <button type="button" className="ad-button ad-button--plain" onClick={() => csv('leads')}>
            Download leads (CSV)
          </button>
          <button type="button" className="ad-button ad-button--plain" onClick={() => csv('showings')}>
            Download showing requests (CSV)
          </button>
        </div>
        <p role="status">{summary && (summary.unread === 1 ? '1 unread entry' : `${summary.unread} unread entries`)}</p>
        <label className="ad-field">
          <span>Tour</span>
          <select value={tour} onChange={(event) => setTour(event.target.value)}>
            <option value="">All tours</option>
            {summary?.tours.map((one) => (
              <option key={one.shortId} value={one.shortId}>
                {`${one.title || 'Untitled tour'}${one.unread > 0 ? ` (${one.unread} unread)` : ''}`}
              </option>
            ))}
          </select>
        </label>
        <InboxList key={tour} tour={tour || undefined} />
      </main>
    </>
  );
}
