import { expect } from 'chai';
import { App } from '../../../admin/App';
import { session, setUser } from '../../../admin/lib/session';
import type { User } from '../../../api/schema/user';
import { mount, waitFor } from './mount';
import { OWNER_PASSWORD, signedInOwner } from './support/real-owner';

/** Signs the owner in a second time, as on another device, and changes the password there (real API). */
async function changePasswordElsewhere(owner: User): Promise<void> {
  const headers = { 'Content-Type': 'application/json', 'X-Test-Visitor': owner.email };
  const login = await fetch('/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email: owner.email, password: OWNER_PASSWORD }) });
  const { user: elsewhere } = (await login.json()) as { user: User };
  const changed = await fetch('/api/account/password', {
    method: 'POST',
    headers: { ...headers, Authorization: `JWT ${elsewhere.token}` },
    body: JSON.stringify({ currentPassword: OWNER_PASSWORD, newPassword: 'another horse battery' }),
  });
  expect(changed.status).to.equal(204);
}

describe('App: a session the server ended (real API)', () => {
  const start = location.href;
  afterEach(() => {
    history.replaceState(null, '', start);
    setUser(null);
  });

  it('opens the sign-in form on the page asked for and says why, once the password was changed on another device', async () => {
    const owner = await signedInOwner();
    await changePasswordElsewhere(owner);
    history.replaceState(null, '', '/dashboard');
    const { unmount } = mount(<App />);
    try {
      await waitFor(() => document.querySelector('form[aria-label="Sign in"]') !== null, 'the sign-in form');
      expect(document.querySelector('.ad-landing__notice')!.textContent).to.equal(
        'You were signed out, as happens when your password is changed on another device. Sign in again to go on.',
      );
      expect(session.user).to.equal(null);
      expect(location.pathname, 'the address stays, to open once signed in').to.equal('/dashboard');
    } finally {
      unmount();
    }
  });
});
