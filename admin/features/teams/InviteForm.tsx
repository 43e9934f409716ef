import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { DEFAULT_PERMISSION, PERMISSIONS, USER_SEARCH_MIN, type Permission, type Person, type Team } from '../../../api/schema/team';
import { failureText, PERMISSION_LABELS, teamsApi } from './teams-api';

/** Addresses typed or found, one list: commas, semicolons and spaces separate them. */
function addresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Inviting people: a search finds colleagues already in the caller's teams by name or address, and anyone by
 * their exact address; found people join the list of addresses, which may also be typed. Each gets an e-mail.
 */
export function InviteForm({ team, onInvited }: { team: Team; onInvited: (team: Team) => void }) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Person[]>([]);
  const [emails, setEmails] = useState('');
  const [permission, setPermission] = useState<Permission>(DEFAULT_PERMISSION);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (search.trim().length < USER_SEARCH_MIN) return setFound([]);
    let current = true;
    teamsApi.searchUsers(team.id, search.trim()).then(
      (page) => current && setFound(page.items),
      () => current && setFound([]),
    );
    return () => {
      current = false;
    };
  }, [search, team.id]);

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const list = addresses(emails);
      onInvited(await teamsApi.invite(team.id, list, permission));
      setEmails('');
      toast.success(list.length === 1 ? `Invitation sent to ${list[0]}.` : `${list.length} invitations sent.`);
    } catch (err) {
      toast.error(failureText(err, 'The invitations could not be sent.'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="ad-form ad-teams__invite" aria-label="Invite people" onSubmit={(event) => void send(event)}>
      <h3>Invite people</h3>
      <label className="ad-field">
        <span>Find people</span>
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={`Name or e-mail, at least ${USER_SEARCH_MIN} characters`}
        />
      </label>
      {found.length > 0 && (
        <ul className="ad-teams__found" aria-label="People found">
          {found.map((person) => (
            <li key={person.email}>
              {person.name} ({person.email})
              <button type="button" className="ad-link" onClick={() => setEmails((text) => [...new Set([...addresses(text), person.email])].join(', '))}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="ad-field">
        <span>E-mail addresses</span>
        <input value={emails} onChange={(event) => setEmails(event.target.value)} placeholder="colleague@agency.example" />
      </label>
      <label className="ad-field">
        <span>Permission</span>
        <select value={permission} onChange={(event) => setPermission(event.target.value as Permission)}>
          {PERMISSIONS.map((value) => (
            <option key={value} value={value}>
              {PERMISSION_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="ad-button" disabled={sending || addresses(emails).length === 0}>
        Send invitations
      </button>
    </form>
  );
}
