import { useConfirm } from '../../components/ConfirmModal';
import { api } from '../../lib/api-client';
import { navigate } from '../../lib/router';
import { setUser } from '../../lib/session';

export const SIGN_OUT_EVERYWHERE_QUESTION = 'Sign out on every device and browser, this one too?';

/** Ends every session of the account, for a lost phone or a shared computer. */
export function SignOutEverywhere() {
  const confirm = useConfirm();
  async function signOutEverywhere() {
    await api('POST', '/auth/logout-everywhere').catch(() => undefined);
    setUser(null);
    navigate('/');
  }
  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-sessions-heading">
      <h2 id="ad-sessions-heading">Sessions</h2>
      <p>Signed in somewhere you no longer use? End every session; you sign in again with your password.</p>
      <button type="button" className="ad-button ad-button--plain" onClick={() => confirm.ask(SIGN_OUT_EVERYWHERE_QUESTION, () => void signOutEverywhere())}>
        Sign out everywhere
      </button>
      {confirm.modal}
    </section>
  );
}
