import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useSnapshot } from 'valtio';
import type { User } from '../../../api/schema/user';
import { api } from '../../lib/api-client';
import { navigate } from '../../lib/router';
import { session, setUser } from '../../lib/session';
import { AccountForm, type AccountMode } from './AccountForm';
import { TestimonialsModal } from './TestimonialsModal';

/**
 * Where `?next=` may send a visitor after signing in: a tour page of this site (a private tour's "Log in"), never
 * another site.
 */
function tourPageToReturnTo(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/tours\/[^/?#\\]+$/.test(next) ? next : null;
}

/**
 * Signed in: the dashboard, the tour page that sent the visitor to sign in (a whole page of the server's, not the
 * app's), or the page whose address brought the owner here (an editor link opened signed out).
 */
function welcome(user: User) {
  setUser(user);
  toast.success(`Welcome, ${user.name}`, { autoClose: 5000 });
  const tourPage = tourPageToReturnTo(location.search);
  if (tourPage) location.assign(tourPage);
  else if (location.pathname === '/' || location.pathname === '') navigate('/dashboard');
}

export function Landing() {
  // A private tour's "Log in", and a session the server ended, open the sign-in form rather than the sign-up one.
  const [mode, setMode] = useState<AccountMode>(() => (session.ended || new URLSearchParams(location.search).has('login') ? 'login' : 'signup'));
  const { ended } = useSnapshot(session);
  const [testimonials, setTestimonials] = useState<'open' | 'closed' | 'signing-up'>('closed');
  const firstField = useRef<HTMLInputElement>(null);

  // After the modal has closed (and handed focus back), the sign-up form takes it.
  useEffect(() => {
    if (testimonials === 'signing-up') firstField.current?.focus();
  }, [testimonials]);

  async function startAsGuest() {
    const { user } = session.user?.type === 'guest' ? { user: session.user } : await api<{ user: User }>('POST', '/auth/guest');
    setUser(user);
    navigate('/dashboard');
  }

  return (
    <main className="ad-landing">
      <section>
        <h1>Virtual tours that load fast, embed anywhere, and come with live guided video.</h1>
        <p>Upload your 360° photos, link the rooms, and share the tour on your site or any listing page with one line.</p>
        <p>
          <a href="/tours/demo">See the demo tour</a>
          {' · '}
          <button type="button" className="ad-link" onClick={() => setTestimonials('open')}>
            What our customers say
          </button>
        </p>
      </section>
      {testimonials === 'open' && (
        <TestimonialsModal
          onClose={() => setTestimonials('closed')}
          onSignUp={() => {
            setMode('signup');
            setTestimonials('signing-up');
          }}
        />
      )}
      {ended && (
        <p className="ad-landing__notice" role="status">
          You were signed out, as happens when your password is changed on another device. Sign in again to go on.
        </p>
      )}
      <AccountForm mode={mode} onMode={setMode} firstField={firstField} onSignedIn={({ user }) => welcome(user)}>
        <hr />
        <button type="button" className="ad-button ad-button--plain" onClick={() => void startAsGuest()}>
          Start without an account
        </button>
      </AccountForm>
    </main>
  );
}
