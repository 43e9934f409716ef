import { useEffect, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Page } from '../../../api/schema/requests';
import type { Invitation } from '../../../api/schema/team';
import { Pager } from '../../components/Pager';
import { failureText, PERMISSION_LABELS, teamsApi } from './teams-api';

/** The caller's open invitations, each to accept or dismiss; `onJoined` hears of a team joined. */
export function Invitations({ onJoined }: { onJoined: () => void }) {
  const [list, setList] = useState<Page<Invitation> | null>(null);
  const load = (page: number) => teamsApi.invitations(page).then(setList, () => setList(null));
  useEffect(() => void load(1), []);

  async function answer(invitation: Invitation, accept: boolean) {
    try {
      if (accept) await teamsApi.accept(invitation.teamId);
      else await teamsApi.dismiss(invitation.teamId);
      toast.success(accept ? `You joined "${invitation.teamName}".` : 'Invitation dismissed.');
      await load(1);
      if (accept) onJoined();
    } catch (err) {
      toast.error(failureText(err, 'The invitation could not be answered.'));
    }
  }

  if (!list || list.total === 0) return null;
  return (
    <section aria-label="Invitations" className="ad-teams__invitations">
      <h2>Invitations</h2>
      <ul className="ad-plans">
        {list.items.map((invitation) => (
          <li key={invitation.id} data-invitation-team={invitation.teamId}>
            <span>
              <strong>{invitation.invitedBy.name}</strong> invited you to <strong>{invitation.teamName}</strong> ({PERMISSION_LABELS[invitation.permission]})
            </span>
            <button type="button" className="ad-button" onClick={() => void answer(invitation, true)}>
              Accept
            </button>
            <button type="button" className="ad-link" onClick={() => void answer(invitation, false)}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      <Pager {...list} noun={['invitation', 'invitations']} onPage={(page) => void load(page)} />
    </section>
  );
}
