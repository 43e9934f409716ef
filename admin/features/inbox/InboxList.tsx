import { useEffect, useState } from 'react';
import type { Lead, Page, ShowingRequest } from '../../../api/schema/requests';
import { api } from '../../lib/api-client';

/** What visitors left on this tour: leads and showing requests, newest first. */
export function InboxList({ shortId }: { shortId: string }) {
  const [leads, setLeads] = useState<Page<Lead> | null>(null);
  const [showings, setShowings] = useState<Page<ShowingRequest> | null>(null);
  useEffect(() => {
    api<Page<Lead>>('GET', `/tours/${shortId}/leads?perPage=50`).then(setLeads, () => undefined);
    api<Page<ShowingRequest>>('GET', `/tours/${shortId}/showings?perPage=50`).then(setShowings, () => undefined);
  }, [shortId]);
  return (
    <>
      <h2>Leads ({leads?.total ?? 0})</h2>
      <table className="ad-table" aria-label="Leads">
        <tbody>
          {leads?.items.map((lead) => (
            <tr key={lead.id}>
              <td>{lead.createdDate}</td>
              <td>{lead.name}</td>
              <td>{lead.email}</td>
              <td>{lead.url}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Showing requests ({showings?.total ?? 0})</h2>
      <table className="ad-table" aria-label="Showing requests">
        <tbody>
          {showings?.items.map((request) => (
            <tr key={request.id}>
              <td>{request.createdDate}</td>
              <td>{request.name}</td>
              <td>{request.email}</td>
              <td>{request.phone}</td>
              <td>{request.comments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
