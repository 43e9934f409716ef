import { PERMISSIONS, type Permission, type Team } from '../../../api/schema/team';
import { PERMISSION_LABELS, teamsApi } from './teams-api';

interface TourPermissionsProps {
  /** The team as one-team answers have it, with its members and their permissions per tour. */
  team: Team;
  tourId: string;
  /** The tour's owner, who like the team's owner always holds admin on it and is not listed. */
  ownerId: number | null;
  /** Runs a change whose answer is the team as it now is (and says `done`). */
  change: (call: () => Promise<Team>, done: string) => Promise<void>;
}

/**
 * Who may do what on one tour of the team: each member's permission on it, which is the team's unless an admin set
 * another for this tour. Admins change it here; everyone else sees it.
 */
export function TourPermissions({ team, tourId, ownerId, change }: TourPermissionsProps) {
  const members = (team.members ?? []).filter((member) => !member.isOwner && member.id !== ownerId);
  if (members.length === 0) return <p>Only the owners hold this tour; invite members to the team to give them a permission on it.</p>;
  const mayChange = team.permission === 'admin';
  return (
    <table className="ad-tour-permissions" aria-label="Permissions on this tour">
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">On this tour</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => {
          const onTour = member.tourPermissions.find((held) => held.tourId === tourId)?.permission ?? member.permission;
          const choose = (permission: Permission) =>
            void change(
              () => teamsApi.setTourPermission(team.id, tourId, member.id, permission),
              `${member.name}: ${PERMISSION_LABELS[permission]} on this tour.`,
            );
          return (
            <tr key={member.id}>
              <th scope="row">{member.name}</th>
              <td>
                <select
                  aria-label={`${member.name} on this tour`}
                  value={onTour}
                  disabled={!mayChange}
                  onChange={(event) => choose(event.target.value as Permission)}
                >
                  {PERMISSIONS.map((permission) => (
                    <option key={permission} value={permission}>
                      {PERMISSION_LABELS[permission]}
                    </option>
                  ))}
                </select>
                <small className="ad-tour-permissions__source">
                  {onTour === member.permission ? 'As in the team' : `Set for this tour (in the team: ${PERMISSION_LABELS[member.permission]})`}
                </small>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
