import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { AccountDeletionList } from '../../../api/schema/account';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { api } from '../../lib/api-client';
import { countOf } from '../../lib/count-of';
import { navigate } from '../../lib/router';
import { setUser } from '../../lib/session';
import { useForm } from '../../lib/use-form';

/** Deleting the account: what goes and what stays is listed first, and the password confirms it. */
export function DeleteAccount() {
  const [list, setList] = useState<AccountDeletionList | null>(null);
  const { values, field, alert, attempt } = useForm({ password: '' });

  const open = () => void attempt(async () => setList(await api<AccountDeletionList>('GET', '/account/deletion')));

  function remove(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      await api('DELETE', '/account', values);
      setUser(null);
      navigate('/');
      toast.success('Your account is deleted.', { autoClose: 5000 });
    });
  }

  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-delete-heading">
      <h2 id="ad-delete-heading">Delete account</h2>
      <p>Deleting your account removes your tours and everything in them. You will see the list first.</p>
      <button type="button" className="ad-button ad-button--danger" onClick={open}>
        Delete account…
      </button>
      {!list && alert}
      {list && (
        <Modal title="Delete your account?" width={560} height="auto" onClose={() => setList(null)}>
          <form onSubmit={remove} noValidate aria-label="Delete account">
            <p>This cannot be undone. These go with your account:</p>
            <ul className="ad-deletion-list">
              <li>
                {countOf(list.tours.length, 'tour', 'tours')}
                {list.tours.length > 0 && ': '}
                {list.tours.map((tour) => tour.title || 'Untitled tour').join(', ')}, with their pictures, floor plans, leads and showing requests
              </li>
              {list.libraryPictures + list.librarySounds > 0 && (
                <li>
                  {[
                    ...(list.libraryPictures > 0 ? [countOf(list.libraryPictures, 'picture', 'pictures')] : []),
                    ...(list.librarySounds > 0 ? [countOf(list.librarySounds, 'sound', 'sounds')] : []),
                  ].join(' and ')}{' '}
                  in your library
                </li>
              )}
              {list.teams.length > 0 && <li>Your teams: {list.teams.map((team) => team.name).join(', ')}</li>}
              {list.cancelsSubscription && <li>Your Pro Plus subscription, cancelled now</li>}
            </ul>
            {list.paymentsKept > 0 && (
              <p>The records of your {countOf(list.paymentsKept, 'payment', 'payments')} are kept for the accounts, without your name.</p>
            )}
            <TextField label="Your password" type="password" autoComplete="current-password" {...field('password')} />
            {alert}
            <div className="ad-confirm__actions">
              <button type="submit" className="ad-button ad-button--danger">
                Delete my account
              </button>
              <button type="button" className="ad-button ad-button--plain" onClick={() => setList(null)}>
                Cancel
              </button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
