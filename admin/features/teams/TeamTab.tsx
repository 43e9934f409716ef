import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useSnapshot } from 'valtio';
import type { Page } from '../../../api/schema/requests';
import type { HistoryEntry, Team } from '../../../api/schema/team';
import type { Tour } from '../../../api/schema/tour';
import { useConfirm } from '../../components/ConfirmModal';
import { navigate } from '../../lib/router';
import { session } from '../../lib/session';
import { Pager } from '../../components/Pager';
import { failureText, teamsApi } from './teams-api';
import { TourPermissions } from './TourPermissions';

interface TeamTabProps {
  tour: Tour;
  /** The tour joined or left a team (no save: sharing has its own routes). */
  onTeam: (teamId: number | null) => void;
  /** Restores an entry; the editor waits for its own saves first and then shows the tour the restore answers. */
  onRestore: (restore: () => Promise<Tour>) => Promise<void>;
}

/** An entry in words: a save of several kinds of change names each kind itself, and the first entry the team. */
function entryText(entry: HistoryEntry): string {
  if (entry.type === 'shared') return `shared with ${entry.currentValue}`;
  if (entry.type === 'changes') return entry.currentValue;
  return entry.currentValue ? `${entry.type}: ${entry.currentValue}` : entry.type;
}

/**
 * The editor's team tab: the owner shares the tour with one of the teams they run; once shared, the tab shows the
 * team and the tour's history, newest first, and those who edit restore an entry (a new revision, so nothing is lost).
 */
export function TeamTab({ tour, onTeam, onRestore }: TeamTabProps) {
  const { user } = useSnapshot(session);
  const [teams, setTeams] = useState<Team[]>([]);
  const [team, setTeam] = useState<Team | null>(null);
  const [choice, setChoice] = useState('');
  const [history, setHistory] = useState<Page<HistoryEntry> | null>(null);
  const confirm = useConfirm();
  const owns = user !== null && tour.userId === user.id;

  const loadHistory = (teamId: number, page: number) => teamsApi.history(teamId, tour.shortId, page).then(setHistory, () => setHistory(null));
  // Read again when the tour joins or leaves a team and after every save (a new history entry).
  const load = useEffectEvent((teamId: number | null) => {
    setTeam(null);
    setHistory(null);
    if (teamId !== null) {
      teamsApi.get(teamId).then(setTeam, () => setTeam(null));
      void loadHistory(teamId, 1);
    } else if (owns) {
      teamsApi.every().then((page) => setTeams(page.items.filter((candidate) => candidate.permission === 'admin')));
    }
  });
  useEffect(() => load(tour.teamId), [tour.teamId, tour.revision]);

  async function share() {
    try {
      await teamsApi.share(Number(choice), tour.shortId);
      toast.success('The tour is shared with the team.');
      onTeam(Number(choice));
    } catch (err) {
      toast.error(failureText(err, 'The tour could not be shared.'));
    }
  }

  async function unshare(teamId: number) {
    try {
      await teamsApi.unshare(teamId, tour.shortId);
      toast.success('The tour is no longer shared with the team.');
      onTeam(null);
    } catch (err) {
      toast.error(failureText(err, 'The tour could not be taken out of the team.'));
    }
  }

  /** A change of who may do what on this tour: the answer is the team as it now is. */
  async function changeTeam(call: () => Promise<Team>, done: string) {
    try {
      setTeam(await call());
      toast.success(done);
    } catch (err) {
      toast.error(failureText(err, 'The permission could not be changed.'));
    }
  }

  async function restore(entry: HistoryEntry) {
    try {
      await onRestore(() => teamsApi.restore(entry.teamId, entry.id));
      toast.success(`The tour is back to revision ${entry.revision}.`);
    } catch (err) {
      toast.error(failureText(err, 'The tour could not be restored.'));
    }
  }

  if (tour.teamId === null) {
    if (!owns) return <p>This tour is not shared with a team.</p>;
    return (
      <section className="ad-form" aria-label="Team">
        <p>Share this tour with a team you run: its members see it, and those who may edit it can change it. Every change is kept in its history.</p>
        {teams.length === 0 ? (
          <p>
            You run no team yet.{' '}
            <a className="ad-link" href="/teams" onClick={(event) => (event.preventDefault(), navigate('/teams'))}>
              Create one on the Teams page
            </a>
          </p>
        ) : (
          <div className="ad-toolbar">
            <label className="ad-field">
              <span>Team</span>
              <select value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value="">Choose a team</option>
                {teams.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="ad-button" disabled={choice === ''} onClick={() => void share()}>
              Share with this team
            </button>
          </div>
        )}
      </section>
    );
  }

  const teamId = tour.teamId;
  return (
    <section aria-label="Team">
      <div className="ad-toolbar">
        <p>
          Shared with the team <strong>{team?.name ?? '…'}</strong>.
        </p>
        {(owns || team?.permission === 'admin') && (
          <button
            type="button"
            className="ad-link ad-link--danger"
            onClick={() =>
              confirm.ask(
                `Take this tour out of "${team?.name ?? 'the team'}"? Its members lose access and its team history is deleted.`,
                () => void unshare(teamId),
              )
            }
          >
            Take it out of the team
          </button>
        )}
      </div>
      <h3>Permissions on this tour</h3>
      {team && <TourPermissions team={team} tourId={tour.shortId} ownerId={tour.userId} change={changeTeam} />}
      <h3>History</h3>
      <ol className="ad-history" aria-label="History">
        {history?.items.map((entry) => (
          <li key={entry.id} data-history-id={entry.id}>
            <time dateTime={entry.createdDate}>{new Date(entry.createdDate).toLocaleString()}</time>
            <span>{entry.user?.name ?? 'A former member'}</span>
            <span>{entryText(entry)}</span>
            <span>revision {entry.revision}</span>
            {entry.revision !== tour.revision && (
              <button
                type="button"
                className="ad-link"
                onClick={() =>
                  confirm.ask(
                    `Restore the tour to revision ${entry.revision}? Its scenes, settings and floor plans go back to how they were then.`,
                    () => void restore(entry),
                  )
                }
              >
                Restore
              </button>
            )}
          </li>
        ))}
      </ol>
      {history && <Pager {...history} noun={['change', 'changes']} onPage={(page) => void loadHistory(teamId, page)} />}
      {confirm.modal}
    </section>
  );
}
