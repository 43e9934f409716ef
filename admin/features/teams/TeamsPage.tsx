import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Page } from '../../../api/schema/requests';
import type { Team } from '../../../api/schema/team';
import { Header } from '../../components/Header';
import { useInvitationLink } from './invitation-link';
import { Invitations } from './Invitations';
import { Pager } from '../../components/Pager';
import { TeamDetail } from './TeamDetail';
import { failureText, teamsApi, type TeamFilter } from './teams-api';

const FILTERS: Record<TeamFilter, string> = { all: 'All teams', owner: 'Teams I own', invited: 'Teams I was invited to' };

/** The teams screen: invitations, the caller's teams (filtered, paginated), a new team, and the chosen team. */
export function TeamsPage() {
  const [filter, setFilter] = useState<TeamFilter>('all');
  const [page, setPage] = useState(1);
  const [teams, setTeams] = useState<Page<Team> | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [invitationsShown, setInvitationsShown] = useState(0);

  const reload = () => teamsApi.list(page, filter).then(setTeams, (err) => toast.error(failureText(err, 'The teams could not be loaded.')));
  const load = useEffectEvent(() => void reload());
  useEffect(() => load(), [page, filter]);
  useInvitationLink((teamId) => {
    setSelected(teamId);
    void reload();
  });

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const team = await teamsApi.create(name);
      setName('');
      setSelected(team.id);
      toast.success(`Team "${team.name}" created.`);
      await reload();
    } catch (err) {
      toast.error(failureText(err, 'The team could not be created.'));
    }
  }

  return (
    <>
      <Header />
      <main className="ad-main ad-teams">
        <div className="ad-toolbar">
          <h1>Teams</h1>
        </div>
        <Invitations
          key={invitationsShown}
          onJoined={() => {
            setInvitationsShown(invitationsShown + 1);
            void reload();
          }}
        />
        <form className="ad-toolbar ad-teams__new" onSubmit={(event) => void create(event)}>
          <label className="ad-field">
            <span>New team name</span>
            <input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} placeholder="Harbour Realty" />
          </label>
          <button type="submit" className="ad-button" disabled={name.trim() === ''}>
            Create team
          </button>
        </form>
        <section aria-label="Your teams">
          <label className="ad-field ad-teams__filter">
            <span>Show</span>
            <select
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as TeamFilter);
                setPage(1);
              }}
            >
              {Object.entries(FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {teams?.total === 0 && <p>No teams here yet. Create one and invite your colleagues.</p>}
          <ul className="ad-cards">
            {teams?.items.map((team) => (
              <li key={team.id} className="ad-tour-card" data-team-id={team.id}>
                <h2>{team.name}</h2>
                <p>
                  Owner: {team.owner.name} · {team.membersCount} {team.membersCount === 1 ? 'member' : 'members'} · {team.toursCount}{' '}
                  {team.toursCount === 1 ? 'tour' : 'tours'}
                </p>
                <button type="button" className="ad-button" aria-pressed={selected === team.id} onClick={() => setSelected(team.id)}>
                  Open
                </button>
              </li>
            ))}
          </ul>
          {teams && <Pager {...teams} noun={['team', 'teams']} onPage={setPage} />}
        </section>
        {selected !== null && (
          <TeamDetail
            key={selected}
            teamId={selected}
            onChanged={() => void reload()}
            onGone={() => {
              setSelected(null);
              void reload();
            }}
          />
        )}
      </main>
    </>
  );
}
