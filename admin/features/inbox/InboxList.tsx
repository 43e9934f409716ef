import { useEffect, useState } from 'react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type InboxItem, type NotificationKind } from '../../../api/schema/notifications';
import type { Page, PreferredTime } from '../../../api/schema/requests';
import { Pager } from '../../components/Pager';
import { api } from '../../lib/api-client';
import { navigate } from '../../lib/router';
import { RequestFailed } from '../../lib/request-failed';
import { refreshInboxSummary } from './inbox-store';

export const INBOX_PER_PAGE = 20;

/** The visitor's own fields an entry shows, in this order, under these names. */
const DETAILS: Array<[key: string, label: string]> = [
  ['name', 'Name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['preferred', 'Preferred time'],
  ['url', 'Page'],
  ['comments', 'Comments'],
];

/** A field as the owner acts on it: an address to write to, a number to call, the rest as the visitor typed it. */
function DetailValue({ name, value }: { name: string; value: string }) {
  if (name === 'email') return <a href={`mailto:${encodeURIComponent(value).replace('%40', '@')}`}>{value}</a>;
  // Dialers want digits and a leading +; spaces, dots and brackets are only for reading.
  if (name === 'phone' && /\d/.test(value)) return <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>;
  return <>{value}</>;
}

/**
 * A showing's preferred time on the owner's clock, with the visitor's own reading beside it when their zones
 * differ; a day alone is the visitor's day, whatever the zones.
 */
export function preferredTimeText(preferred: PreferredTime, ownerZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  if (!preferred.instant)
    return `${new Date(`${preferred.local}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })} (any time)`;
  const style = { dateStyle: 'medium', timeStyle: 'short' } as const;
  const mine = new Date(preferred.instant).toLocaleString(undefined, { ...style, timeZone: ownerZone });
  if (preferred.timeZone === ownerZone) return mine;
  const theirs = new Date(preferred.instant).toLocaleString(undefined, { ...style, timeZone: preferred.timeZone });
  return `${mine} your time (${theirs} in ${preferred.timeZone})`;
}

function detailText(key: string, value: unknown): string {
  if (key === 'preferred') return value && typeof value === 'object' ? preferredTimeText(value as PreferredTime) : '';
  return typeof value === 'string' ? value : '';
}

/** SQLite's CURRENT_TIMESTAMP is UTC without a zone: read it as UTC, shown in the owner's own time. */
function when(createdDate: string): string {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(createdDate) ? createdDate : `${createdDate.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? createdDate : date.toLocaleString();
}

/** Entries about teams, answered on the teams screen (an invitation is accepted there). */
const TEAMS_KINDS = new Set<NotificationKind>(['invitation', 'team']);

function Entry({ item, showTour, onRead }: { item: InboxItem; showTour: boolean; onRead: (id: number) => void }) {
  const details = DETAILS.flatMap(([key, label]) => {
    const value = detailText(key, item.data[key]);
    return value ? [[key, label, value]] : [];
  });
  return (
    <li className={`ad-inbox-item${item.read ? '' : ' ad-inbox-item--unread'}`} data-kind={item.kind}>
      <div>
        <p>
          <span className="ad-badge">{NOTIFICATION_KIND_LABELS[item.kind]}</span> {item.text}
        </p>
        {details.length > 0 && (
          <dl>
            {details.map(([key, label, value]) => (
              <div key={key} className={`ad-inbox-detail--${key}`}>
                <dt>{label}:</dt>
                <dd>
                  <DetailValue name={key} value={value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
        <p>
          <time dateTime={item.createdDate}>{when(item.createdDate)}</time>
          {showTour && item.tour && ` · ${item.tour.title || 'Untitled tour'}`}
          {TEAMS_KINDS.has(item.kind) && (
            <>
              {' · '}
              <a href="/teams" onClick={(event) => (event.preventDefault(), navigate('/teams'))}>
                Open Teams
              </a>
            </>
          )}
        </p>
      </div>
      {!item.read && (
        <button type="button" className="ad-link" onClick={() => onRead(item.id)}>
          Mark read
        </button>
      )}
    </li>
  );
}

/**
 * The owner's inbox entries, newest first, a page at a time with how many there are: all their tours', or one
 * tour's when `tour` names it. Filters by kind and unread; entries are marked read one by one or all at once.
 */
export function InboxList({ tour }: { tour?: string }) {
  const [kind, setKind] = useState<NotificationKind | ''>('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<InboxItem> | null>(null);
  const [error, setError] = useState('');
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    const query = new URLSearchParams({ page: String(page), perPage: String(INBOX_PER_PAGE) });
    if (tour) query.set('tour', tour);
    if (kind) query.set('kind', kind);
    if (unreadOnly) query.set('unread', '1');
    let current = true;
    api<Page<InboxItem>>('GET', `/inbox?${query}`).then(
      (answer) => current && (setList(answer), setError('')),
      (err) => current && setError(err instanceof RequestFailed ? err.message : 'The inbox could not be loaded.'),
    );
    // An answer to an earlier choice of filters must not replace the one for the current choice.
    return () => void (current = false);
  }, [tour, kind, unreadOnly, page, loads]);

  async function markRead(body: { ids: number[] } | { all: true; tour?: string; kind?: NotificationKind }) {
    try {
      await api('POST', '/inbox/read', body);
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'The entries could not be marked read.');
    }
    setLoads((n) => n + 1);
    await refreshInboxSummary();
  }

  return (
    <section className="ad-inbox" aria-label={tour ? 'Inbox of this tour' : 'Inbox entries'}>
      <div className="ad-inbox-filters">
        <label className="ad-field">
          <span>Kind</span>
          <select value={kind} onChange={(event) => (setKind(event.target.value as NotificationKind | ''), setPage(1))}>
            <option value="">All kinds</option>
            {NOTIFICATION_KINDS.map((one) => (
              <option key={one} value={one}>
                {NOTIFICATION_KIND_LABELS[one]}
              </option>
            ))}
          </select>
        </label>
        <label className="ad-check">
          <input type="checkbox" checked={unreadOnly} onChange={(event) => (setUnreadOnly(event.target.checked), setPage(1))} /> Unread only
        </label>
        <button
          type="button"
          className="ad-button ad-button--plain"
          onClick={() => void markRead({ all: true, ...(tour ? { tour } : {}), ...(kind ? { kind } : {}) })}
        >
          Mark all read
        </button>
      </div>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
      {list && (
        <>
          <ul className="ad-inbox-list">
            {list.items.map((item) => (
              <Entry key={item.id} item={item} showTour={!tour} onRead={(id) => void markRead({ ids: [id] })} />
            ))}
          </ul>
          <Pager page={list.page} perPage={list.perPage} total={list.total} noun={['entry', 'entries']} onPage={setPage} />
        </>
      )}
    </section>
  );
}
