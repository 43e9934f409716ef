import { useEffect, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { AnalyticsOverview } from '../../../api/schema/analytics';
import { TOUR_SORTS, type Page } from '../../../api/schema/requests';
import type { Tour } from '../../../api/schema/tour';
import { api } from '../../lib/api-client';
import { countOf } from '../../lib/count-of';
import { PublishControl } from '../billing/PublishControl';
import { useProPlusReturn } from '../billing/pro-plus-return';
import { celebrate } from '../celebration/celebration';
import { handOverPhotos } from './new-tour-photos';
import { RequestFailed } from '../../lib/request-failed';
import { lastDays, rangeQuery } from '../analytics/analytics-range';
import { navigate, setQuery, useQuery } from '../../lib/router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { Header } from '../../components/Header';
import { Icon } from '../../../embed/shared';
import { Pager } from '../../components/Pager';
import { TourSortField } from '../../components/TourSortField';
import { tourTitle } from '../../../api/schema/tour-title';
import { ModernPicture } from '../../components/ModernPicture';

type Pending = { kind: 'delete' | 'clone'; tour: Pick<Tour, 'shortId' | 'title' | 'name'> } | null;

export const TOURS_PER_PAGE = 24;

export function Dashboard() {
  const [tours, setTours] = useState<Tour[] | null>(null);
  /** Where the list shown stands: the page it is and the count, as the server answered them. */
  const [shown, setShown] = useState({ page: 1, total: 0 });
  // Page, search and order live in the address, so Back returns to the page left and a reload stays on it.
  const query = useQuery();
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '', 10) || 1);
  const search = query.get('search') ?? '';
  const sort = TOUR_SORTS.find((known) => known === query.get('sort')) ?? 'recent';
  const setPage = (chosen: number) => setQuery({ page: chosen > 1 ? String(chosen) : null }, 'push');
  const [loads, setLoads] = useState(0);
  const [failed, setFailed] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  /** Each tour's views of the last 30 days: one request for the page, whichever tours it lists. */
  const [views, setViews] = useState<Map<string, number> | null>(null);
  useProPlusReturn();

  useEffect(() => {
    api<AnalyticsOverview>('GET', `/analytics?${rangeQuery(lastDays(30))}`).then(
      (answer) => setViews(new Map(answer.items.map((item) => [item.shortId, item.views]))),
      // The cards stay useful without their counts.
      () => setViews(new Map()),
    );
  }, []);

  useEffect(() => {
    const query = new URLSearchParams({ page: String(page), perPage: String(TOURS_PER_PAGE) });
    if (search.trim()) query.set('search', search.trim());
    if (sort !== 'recent') query.set('sort', sort);
    let current = true;
    api<Page<Tour>>('GET', `/tours?${query}`).then(
      (answer) => {
        if (!current) return;
        // The last tour of the last page was deleted: the page before is the last one now.
        if (answer.items.length === 0 && page > 1) return setQuery({ page: page > 2 ? String(page - 1) : null }, 'replace');
        setTours(answer.items);
        setShown({ page: answer.page, total: answer.total });
        setFailed('');
      },
      (err) => current && setFailed(err instanceof RequestFailed ? err.message : 'Your tours could not be loaded.'),
    );
    // An answer for what was typed before must not replace the one for what is typed now.
    return () => void (current = false);
  }, [page, search, sort, loads]);
  const reload = () => setLoads((n) => n + 1);

  /** A new tour (type locked) opens in the editor, which uploads the photos chosen for it. */
  async function create(photos: File[] = []) {
    const tour = await api<Tour>('POST', '/tours');
    if (photos.length > 0) handOverPhotos(tour.shortId, photos);
    navigate(`/tours/${tour.shortId}/edit`);
  }

  async function confirm() {
    if (!pending) return;
    const { kind, tour } = pending;
    setPending(null);
    try {
      if (kind === 'delete') {
        await api('DELETE', `/tours/${tour.shortId}`, tour);
        toast.success('Tour deleted.');
        reload();
      } else {
        const clone = await api<Tour>('GET', `/tours/${tour.shortId}/clone`);
        celebrate(
          tour.shortId === 'demo' ? 'The demo tour is yours' : 'Your tour was cloned',
          'This copy is yours to change: edit its scenes, links and settings, then share it.',
        );
        navigate(`/tours/${clone.shortId}/edit`);
      }
    } catch (err) {
      toast.error(err instanceof RequestFailed ? err.message : 'Something went wrong.');
    }
  }

  return (
    <>
      <Header />
      <main className="ad-main">
        <div className="ad-toolbar">
          <h1>Your tours</h1>
          <button type="button" className="ad-button" onClick={() => void create()}>
            New tour
          </button>
          <label className="ad-button">
            New tour from photos
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="ad-file-input"
              onChange={(event) => void create([...(event.target.files ?? [])])}
            />
          </label>
          <button
            type="button"
            className="ad-button ad-button--plain"
            onClick={() => setPending({ kind: 'clone', tour: { shortId: 'demo', title: 'the demo tour', name: '' } })}
          >
            Clone the demo tour
          </button>
        </div>
        <label className="ad-field">
          <span>Search by title</span>
          <input
            type="search"
            className="ad-search"
            value={search}
            onChange={(event) => setQuery({ search: event.target.value, page: null }, 'replace')}
            placeholder="Tour title"
          />
        </label>
        <TourSortField sort={sort} onSort={(chosen) => setQuery({ sort: chosen === 'recent' ? null : chosen, page: null }, 'push')} />
        {failed && (
          <p className="ad-error" role="alert">
            {failed}
          </p>
        )}
        {tours === null && !failed && <p>Loading…</p>}
        {tours?.length === 0 && (search.trim() ? <p>No tour has “{search.trim()}” in its title.</p> : <p>No tours yet. Create one from your 360° photos.</p>)}
        {tours !== null && shown.total > 0 && (
          <Pager page={shown.page} perPage={TOURS_PER_PAGE} total={shown.total} noun={['tour', 'tours']} onPage={setPage} />
        )}
        <ul className="ad-cards">
          {tours?.map((tour) => (
            <li key={tour.shortId} className="ad-tour-card" data-short-id={tour.shortId}>
              {tour.images[0] ? <ModernPicture scene={tour.images[0]} picture="thumbUrl" /> : <div className="ad-tour-card__empty">No scenes yet</div>}
              <h2>{tourTitle(tour) || 'Untitled tour'}</h2>
              <p>{tour.images.length === 1 ? '1 scene' : `${tour.images.length} scenes`}</p>
              {views?.has(tour.shortId) && <p className="ad-tour-card__views">{countOf(views.get(tour.shortId)!, 'view')} in the last 30 days</p>}
              <PublishControl
                tour={tour}
                onPublished={(published) => setTours((all) => all?.map((one) => (one.shortId === published.shortId ? published : one)) ?? null)}
              />
              {/* One row of actions alike, each an icon and a word that never wraps. */}
              <div className="ad-tour-card__actions">
                <a
                  className="ad-link"
                  href={`/tours/${tour.shortId}/edit`}
                  onClick={(event) => (event.preventDefault(), navigate(`/tours/${tour.shortId}/edit`))}
                >
                  <Icon name="edit" /> Edit
                </a>
                <a className="ad-link" href={`/tours/${tour.shortId}`} target="_blank" rel="noreferrer">
                  <Icon name="view" /> View
                </a>
                <button type="button" className="ad-link" onClick={() => setPending({ kind: 'clone', tour })}>
                  <Icon name="retweet" /> Clone
                </button>
                <button type="button" className="ad-link ad-link--danger" onClick={() => setPending({ kind: 'delete', tour })}>
                  <Icon name="delete" /> Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
        {tours !== null && <Pager page={shown.page} perPage={TOURS_PER_PAGE} total={shown.total} noun={['tour', 'tours']} onPage={setPage} below />}
      </main>
      {pending && (
        <ConfirmModal
          text={
            pending.kind === 'delete'
              ? `Delete "${tourTitle(pending.tour) || 'Untitled tour'}"? Its pictures, leads and showing requests go with it (download the leads first from its Lead Gen tab); this cannot be undone.`
              : `Make a copy of ${tourTitle(pending.tour) || 'this tour'}?`
          }
          onAgree={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
