import { useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { z } from 'zod';
import { signupSchema, type LoginAnswer } from '../../../api/schema/auth-requests';
import type { User } from '../../../api/schema/user';
import { api } from '../../lib/api-client';
import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { RequestFailed } from '../../lib/request-failed';
import { session } from '../../lib/session';
import { signIn } from '../../lib/sign-in';
import { ForgotPassword } from './ForgotPassword';

export type AccountMode = 'signup' | 'login' | 'forgot';

export interface AccountFormProps {
  mode: AccountMode;
  onMode: (mode: AccountMode) => void;
  /** The name field, for a caller that moves focus to it. */
  firstField?: Ref<HTMLInputElement>;
  onSignedIn: (answer: LoginAnswer) => void;
  /** More below the form's own buttons (the landing page's start without an account). */
  children?: ReactNode;
}

/**
 * Sign up or sign in, or ask for a password reset link. From a guest session, signing up turns the guest into the account and signing in hands the
 * guest's tours to it, so nothing made as a guest is lost. Refusals are sentences under the fields they concern.
 */
export function AccountForm({ mode, onMode, firstField, onSignedIn, children }: AccountFormProps) {
  // A team invitation's link names the address it was sent to: the account is made for it.
  const [form, setForm] = useState({ name: '', email: new URLSearchParams(location.search).get('email') ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    const checked = (mode === 'signup' ? signupSchema : signupSchema.pick({ email: true })).safeParse(form);
    const missingPassword = mode === 'login' && !form.password ? { password: 'Please enter your password.' } : {};
    const found = { ...(checked.success ? {} : fieldErrorsOf(z.flattenError(checked.error))), ...missingPassword };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const guestToken = session.user?.type === 'guest' ? session.user.token : undefined;
    try {
      onSignedIn(
        mode === 'signup'
          ? { ...(await api<{ user: User }>('POST', '/auth/signup', form)), movedTours: 0 }
          : await signIn(form.email, form.password, guestToken),
      );
    } catch (err) {
      const fields = err instanceof RequestFailed ? fieldErrorsOf(err.details) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setError(err instanceof RequestFailed ? err.message : 'Something went wrong.');
    }
  }

  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `ad-account-${key}-error` : undefined,
  });
  if (mode === 'forgot') return <ForgotPassword onBack={() => onMode('login')} />;
  const fieldError = (key: keyof typeof form) =>
    errors[key] && (
      <span className="ad-error" id={`ad-account-${key}-error`}>
        {errors[key]}
      </span>
    );
  return (
    <form className="ad-card" onSubmit={submit} noValidate aria-label={mode === 'signup' ? 'Sign up' : 'Sign in'}>
      <h2>{mode === 'signup' ? 'Create your account' : 'Sign in'}</h2>
      {mode === 'signup' && (
        <label className="ad-field">
          <span>Name</span>
          <input ref={firstField} required autoComplete="name" {...field('name')} />
          {fieldError('name')}
        </label>
      )}
      <label className="ad-field">
        <span>Email</span>
        <input required type="email" autoComplete="email" {...field('email')} />
        {fieldError('email')}
      </label>
      <label className="ad-field">
        <span>Password</span>
        <input required type="password" autoComplete={mode === 'signup' ? 'new-password' : 'current-password'} {...field('password')} />
        {fieldError('password')}
      </label>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="ad-button">
        {mode === 'signup' ? 'Sign up' : 'Sign in'}
      </button>
      {mode === 'login' && (
        <button type="button" className="ad-link" onClick={() => onMode('forgot')}>
          Forgot password?
        </button>
      )}
      <button
        type="button"
        className="ad-link"
        onClick={() => {
          setErrors({});
          setError('');
          onMode(mode === 'signup' ? 'login' : 'signup');
        }}
      >
        {mode === 'signup' ? 'I have an account: sign in' : 'New here? Create an account'}
      </button>
      {children}
    </form>
  );
}
