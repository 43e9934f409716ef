import { useState } from 'react';
import type { PendingInvitation } from '../../../api/schema/team';
import { absoluteLink } from '../../lib/mail-set-up';
import { failureText, teamsApi } from './teams-api';

/**
 * An open invitation's link for the inviter to send themselves (chat, their own mail), where the server mails
 * nothing. Each copy makes a new link and retires the one before.
 */
export function CopyInvitationLink({ teamId, invitation }: { teamId: number; invitation: PendingInvitation }) {
  const [link, setLink] = useState('');
  const [note, setNote] = useState('');

  async function copy() {
    let made: string;
    try {
      made = absoluteLink((await teamsApi.invitationLink(teamId, invitation.id)).link);
    } catch (err) {
      setNote(failureText(err, 'The link could not be made.'));
      return;
    }
    const advice = `send it to ${invitation.email} yourself. It joins the team; it does not confirm their address. An earlier copied link no longer works.`;
    setLink(made);
    setNote(`Copy this link: ${advice}`);
    // The link is shown first: a browser may hold the clipboard's promise while it asks for permission.
    await navigator.clipboard?.writeText(made).then(
      () => setNote(`Link copied: ${advice}`),
      () => undefined,
    );
  }

  return (
    <>
      {' '}
      <button type="button" className="ad-link" onClick={() => void copy()}>
        Copy invitation link
      </button>
      {link && <input className="ad-invitation-link" readOnly value={link} aria-label={`Invitation link for ${invitation.email}`} />}
      {note && <span role="status">{note}</span>}
    </>
  );
}
