import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { User } from '../../../api/schema/user';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { navigate } from '../../lib/router';
import { session, setUser } from '../../lib/session';
import { TestimonialsModal } from './TestimonialsModal';

function welcome(user: User) {
  setUser(user);
  toast.success(`Welcome, ${user.name}`, { autoClose: 5000 });
  navigate('/dashboard');
}

export function Landing() {
  const [mode, setMode] = useState<'signup' | 'login'>('signup');
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [error, setError] = useState('');
  const [testimonials, setTestimonials] = useState<'open' | 'closed' | 'signing-up'>('closed');
  const firstField = useRef<HTMLInputElement>(null);

  // After the modal has closed (and handed focus back), the sign-up form takes it.
  useEffect(() => {
    if (testimonials === 'signing-up') firstField.current?.focus();
  }, [testimonials]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      const body = mode === 'signup' ? form : { email: form.email, password: form.password };
      const { user } = await api<{ user: User }>('POST', `/auth/${mode}`, body);
      welcome(user);
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'Something went wrong.');
    }
  }

  async function startAsGuest() {
    const { user } = session.user?.type === 'guest' ? { user: session.user } : await api<{ user: User }>('POST', '/auth/guest');
    setUser(user);
    navigate('/dashboard');
  }

  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
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
      <form className="ad-card" onSubmit={submit} aria-label={mode === 'signup' ? 'Sign up' : 'Sign in'}>
        <h2>{mode === 'signup' ? 'Create your account' : 'Sign in'}</h2>
        {mode === 'signup' && (
          <label className="ad-field">
            <span>Name</span>
            <input ref={firstField} required autoComplete="name" {...field('name')} />
          </label>
        )}
        <label className="ad-field">
          <span>Email</span>
          <input required type="email" autoComplete="email" {...field('email')} />
        </label>
        <label className="ad-field">
          <span>Password</span>
          <input
            required
            type="password"
            minLength={mode === 'signup' ? 8 : 1}
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            {...field('password')}
          />
        </label>
        {error && (
          <p className="ad-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="ad-button">
          {mode === 'signup' ? 'Sign up' : 'Sign in'}
        </button>
        <button type="button" className="ad-link" onClick={() => setMode(mode === 'signup' ? 'login' : 'signup')}>
          {mode === 'signup' ? 'I have an account: sign in' : 'New here? Create an account'}
        </button>
        <hr />
        <button type="button" className="ad-button ad-button--plain" onClick={() => void startAsGuest()}>
          Start without an account
        </button>
      </form>
    </main>
  );
}
