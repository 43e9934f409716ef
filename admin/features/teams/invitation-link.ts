import { useEffect, useEffectEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { session } from '../../lib/session';
import { failureText, teamsApi } from './teams-api';

/**
 * The link of an invitation mail opens the teams screen with its token (after signing up or in, if need be): the
 * invitation is accepted once and the token leaves the address, so a reload does not try it again.
 */
export function useInvitationLink(onJoined: (teamId: number) => void): void {
  const joined = useEffectEvent(onJoined);
  useEffect(() => {
    const token = new URLSearchParams(location.search).get('invitation');
    const user = session.user;
    if (!token || !user) return;
    history.replaceState(null, '', location.pathname);
    teamsApi.acceptByLink(user.id, token).then(
      (team) => {
        toast.success(`You joined "${team.name}".`);
        joined(team.id);
      },
      (err) => toast.error(failureText(err, 'The invitation could not be accepted.')),
    );
  }, []);
}
