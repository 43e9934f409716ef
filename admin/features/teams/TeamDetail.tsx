import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useSnapshot } from 'valtio';
import type { Team } from '../../../api/schema/team';
import { useConfirm } from '../../components/ConfirmModal';
import { useMailSetUp } from '../../lib/mail-set-up';
import { session } from '../../lib/session';
import { InviteForm } from './InviteForm';
import { Members } from './Members';
import { TeamTours } from './TeamTours';
import { failureText, PERMISSION_LABELS, teamsApi } from './teams-api';

/**
 * One team: its name (admins rename it), its members and invitations, its tours; the owner deletes it, the others
 * may leave it. `onChanged` hears of a change the list shows, `onGone` that the team is no longer the caller's.
 */
export function TeamDetail({ teamId, onChanged, onGone }: { teamId: number; onChanged: () => void; onGone: () => void }) {
  const { user } = useSnapshot(session);
  const [team, setTeam] = useState<Team | null>(null);
  const [name, setName] = useState('');
  const confirm = useConfirm();
  const mailSetUp = useMailSetUp();

  const show = (next: Team) => {
    setTeam(next);
    setName(next.name);
  };
  const loadFailed = useEffectEvent((err: unknown) => {
    toast.error(failureText(err, 'The team could not be loaded.'));
    onGone();
  });
  useEffect(() => {
    teamsApi.get(teamId).then(show, loadFailed);
  }, [teamId]);

  /** A change of the team: its answer is the team as it now is. */
  async function change(call: () => Promise<Team>, done: string) {
    try {
      show(await call());
      toast.success(done);
      onChanged();
    } catch (err) {
      toast.error(failureText(err, 'The team could not be changed.'));
    }
  }

  /** The team ends for the caller: deleted, or left. */
  async function end(call: () => Promise<unknown>, done: string) {
    try {
      await call();
      toast.success(done);
      onGone();
    } catch (err) {
      toast.error(failureText(err, 'The team could not be changed.'));
    }
  }

  if (!team || !user) return null;
  const isAdmin = team.permission === 'admin';
  const isOwner = team.ownerId === user.id;
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void change(() => teamsApi.rename(team.id, name), 'Team renamed.');
  };

  return (
    <section className="ad-team" aria-label={`Team ${team.name}`}>
      <div className="ad-toolbar">
        <h2>{team.name}</h2>
        <span>Your permission: {PERMISSION_LABELS[team.permission]}</span>
        {isOwner ? (
          <button
            type="button"
            className="ad-link ad-link--danger"
            onClick={() =>
              confirm.ask(
                `Delete the team "${team.name}"? Its tours go back to their owners alone and its history is lost.`,
                () => void end(() => teamsApi.remove(team.id), 'Team deleted.'),
              )
            }
          >
            Delete team
          </button>
        ) : (
          <button
            type="button"
            className="ad-link ad-link--danger"
            onClick={() =>
              confirm.ask(
                `Leave the team "${team.name}"? You lose access to its tours at once.`,
                () => void end(() => teamsApi.leave(team.id), 'You left the team.'),
              )
            }
          >
            Leave team
          </button>
        )}
      </div>
      {isAdmin && (
        <form className="ad-toolbar" onSubmit={rename}>
          <label className="ad-field">
            <span>Team name</span>
            <input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="submit" className="ad-button ad-button--plain" disabled={name.trim() === '' || name === team.name}>
            Rename
          </button>
        </form>
      )}
      <Members team={team} userId={user.id} change={change} ask={confirm.ask} />
      {isAdmin && mailSetUp === false && (
        <p className="ad-banner ad-banner--info" role="note">
          This server sends no e-mail (mail is not set up), so invitations are not mailed. After inviting someone, copy their invitation link above and send it
          to them yourself.
        </p>
      )}
      {isAdmin && <InviteForm team={team} onInvited={show} />}
      <TeamTours team={team} userId={user.id} onChanged={onChanged} change={change} ask={confirm.ask} />
      {confirm.modal}
    </section>
  );
}
