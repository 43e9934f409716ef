import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Page, TourSort } from '../../../api/schema/requests';
import type { MyTour, Team, TeamTour } from '../../../api/schema/team';
import { navigate } from '../../lib/router';
import { Pager } from '../../components/Pager';
import { TourSortField } from '../../components/TourSortField';
import { failureText, PERMISSION_LABELS, teamsApi } from './teams-api';
import { TourPermissions } from './TourPermissions';
import { ModernPicture } from '../../components/ModernPicture';

interface TeamToursProps {
  team: Team;
  userId: number;
  onChanged: () => void;
  /** Runs a change of the team whose answer is the team as it now is: a member's permission on one tour. */
  change: (call: () => Promise<Team>, done: string) => Promise<void>;
  ask: (question: string, onAgree: () => void) => void;
}

/**
 * The team's tours, eight at a time with their own pages; an admin shares one of their own tours, and an admin or
 * a tour's owner takes a tour out of the team (asked first).
 */
export function TeamTours({ team, userId, onChanged, change, ask }: TeamToursProps) {
  const [tours, setTours] = useState<Page<TeamTour> | null>(null);
  const [mine, setMine] = useState<MyTour[]>([]);
  const [choice, setChoice] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TourSort>('recent');
  const isAdmin = team.permission === 'admin';

  const load = (page: number) =>
    teamsApi.tours(team.id, page, { search, sort }).then(setTours, (err) => toast.error(failureText(err, 'The tours could not be loaded.')));
  const loadMine = () => (isAdmin ? teamsApi.myTours().then((page) => setMine(page.items.filter((tour) => tour.teamId === null))) : Promise.resolve());
  const loadMineFirst = useEffectEvent(() => void loadMine());
  const loadFirstPage = useEffectEvent(() => void load(1));
  useEffect(() => loadMineFirst(), [team.id]);
  useEffect(() => loadFirstPage(), [team.id, search, sort]);

  async function act(call: () => Promise<unknown>, done: string) {
    try {
      await call();
      toast.success(done);
      await Promise.all([load(1), loadMine()]);
      onChanged();
    } catch (err) {
      toast.error(failureText(err, 'The tour could not be changed.'));
    }
  }

  return (
    <section aria-label="Team tours">
      <h3>Tours ({tours?.total ?? 0})</h3>
      {isAdmin && mine.length > 0 && (
        <div className="ad-toolbar">
          <label className="ad-field">
            <span>Share one of your tours</span>
            <select value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="">Choose a tour</option>
              {mine.map((tour) => (
                <option key={tour.shortId} value={tour.shortId}>
                  {tour.title || 'Untitled tour'}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="ad-button"
            disabled={choice === ''}
            onClick={() => void act(() => teamsApi.share(team.id, choice).then(() => setChoice('')), 'Tour shared with the team.')}
          >
            Share
          </button>
        </div>
      )}
      <div className="ad-toolbar">
        <label className="ad-field">
          <span>Search the team’s tours</span>
          <input type="search" className="ad-search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Tour title" />
        </label>
        <TourSortField sort={sort} onSort={setSort} />
      </div>
      <ul className="ad-cards">
        {tours?.items.map((tour) => (
          <li key={tour.shortId} className="ad-tour-card" data-short-id={tour.shortId}>
            {tour.thumbUrl ? <ModernPicture scene={tour} picture="thumbUrl" /> : <div className="ad-tour-card__empty">No scenes yet</div>}
            <h2>{tour.title || 'Untitled tour'}</h2>
            <p>
              {tour.owner?.name ?? 'No owner'} · {PERMISSION_LABELS[tour.permission]}
            </p>
            {tour.permission === 'view' ? (
              <a className="ad-link" href={`/tours/${tour.shortId}`} target="_blank" rel="noreferrer">
                View
              </a>
            ) : (
              <a
                className="ad-button"
                href={`/tours/${tour.shortId}/edit`}
                onClick={(event) => (event.preventDefault(), navigate(`/tours/${tour.shortId}/edit`))}
              >
                Edit
              </a>
            )}
            {(isAdmin || tour.ownerId === userId) && (
              <button
                type="button"
                className="ad-link ad-link--danger"
                onClick={() =>
                  ask(
                    `Take "${tour.title || 'Untitled tour'}" out of "${team.name}"? Its members lose access and its team history is deleted.`,
                    () => void act(() => teamsApi.unshare(team.id, tour.shortId), 'Tour taken out of the team.'),
                  )
                }
              >
                Remove from team
              </button>
            )}
            <details className="ad-tour-card__permissions">
              <summary>Permissions</summary>
              <TourPermissions team={team} tourId={tour.shortId} ownerId={tour.ownerId} change={change} />
            </details>
          </li>
        ))}
      </ul>
      {tours && <Pager {...tours} noun={['tour', 'tours']} onPage={(page) => void load(page)} />}
    </section>
  );
}
