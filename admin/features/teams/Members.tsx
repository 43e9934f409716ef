import { PERMISSIONS, type Permission, type Team } from '../../../api/schema/team';
import { CopyInvitationLink } from './CopyInvitationLink';
import { PERMISSION_LABELS, teamsApi } from './teams-api';

interface MembersProps {
  team: Team;
  userId: number;
  /** Makes a change of the team and shows the team it answers. */
  change: (call: () => Promise<Team>, done: string) => Promise<void>;
  ask: (question: string, onAgree: () => void) => void;
}

/** The members with their permissions: admins change them and remove members; the owner hands the team to an admin. */
export function Members({ team, userId, change, ask }: MembersProps) {
  const isAdmin = team.permission === 'admin';
  const isOwner = team.ownerId === userId;
  return (
    <>
      <h3>Members</h3>
      <table className="ad-table" aria-label="Members">
        <tbody>
          {team.members?.map((member) => (
            <tr key={member.id} data-member-id={member.id}>
              <td>{member.name}</td>
              <td>{member.email}</td>
              <td>
                {isAdmin && !member.isOwner ? (
                  <select
                    aria-label={`Permission of ${member.name}`}
                    value={member.permission}
                    onChange={(event) => void change(() => teamsApi.setPermission(team.id, member.id, event.target.value as Permission), 'Permission changed.')}
                  >
                    {PERMISSIONS.map((permission) => (
                      <option key={permission} value={permission}>
                        {PERMISSION_LABELS[permission]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span>{member.isOwner ? 'Owner' : PERMISSION_LABELS[member.permission]}</span>
                )}
              </td>
              <td>
                {isOwner && !member.isOwner && member.permission === 'admin' && (
                  <button
                    type="button"
                    className="ad-link"
                    onClick={() =>
                      ask(
                        `Make ${member.name} the owner of "${team.name}"? You stay an admin.`,
                        () => void change(() => teamsApi.handOver(team.id, member.id), `${member.name} now owns the team.`),
                      )
                    }
                  >
                    Make owner
                  </button>
                )}
                {isAdmin && !member.isOwner && member.id !== userId && (
                  <button
                    type="button"
                    className="ad-link ad-link--danger"
                    onClick={() =>
                      ask(
                        `Remove ${member.name} from "${team.name}"? They lose access to its tours at once.`,
                        () => void change(() => teamsApi.removeMember(team.id, member.id), `${member.name} was removed.`),
                      )
                    }
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {isAdmin && (team.invitations?.length ?? 0) > 0 && (
        <>
          <h3>Invited</h3>
          <ul className="ad-teams__invited" aria-label="Invited">
            {team.invitations?.map((invitation) => (
              <li key={invitation.id}>
                {invitation.email} ({PERMISSION_LABELS[invitation.permission]}), open until {new Date(invitation.expiresAt).toLocaleDateString()}
                <CopyInvitationLink teamId={team.id} invitation={invitation} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
