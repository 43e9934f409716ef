import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PRO_PLUS, type User } from '../../api/schema/user';
import { manageSubscription } from '../features/billing/upgrade';
import { api } from '../lib/api-client';
import { navigate } from '../lib/router';
import { setUser } from '../lib/session';
import { SAVE_WORK } from '../features/guest/SaveWorkModal';
import { useConfirm } from './ConfirmModal';
import { Icon } from '../../embed/shared';

/** Asked before Stripe's portal opens, where Pro Plus can be cancelled with one click. */
export const PORTAL_QUESTION =
  "Open Stripe's page to change your card or cancel Pro Plus? If you cancel, your tours that are not paid for lock again when the subscription ends, and visitors cannot see them until you publish them again.";

export const GUEST_SIGN_OUT_QUESTION =
  'Sign out of this guest session? Your tours go with it: a guest session cannot be signed in to again. Create an account first to keep them.';

/**
 * User menu toggle in the header: the user's name and plan, the dashboard, the account page and teams (a guest: the
 * way to an account), a Pro Plus owner's subscription, signing out. Menu-button keyboard pattern (WAI-ARIA APG).
 */
export function UserMenu({ user, onSaveWork }: { user: Pick<User, 'name' | 'email' | 'type' | 'picture'>; onSaveWork: () => void }) {
  const [open, setOpen] = useState(false);
  const confirm = useConfirm();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // None once the menu has closed: a focus move planned for the next frame may come after a quick choice.
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !toggle.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function openAt(which: 'first' | 'last') {
    setOpen(true);
    // The menu renders on the next commit; focus its item then.
    requestAnimationFrame(() =>
      items()
        .at(which === 'first' ? 0 : -1)
        ?.focus(),
    );
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }

  function onToggleKey(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      all[moves[event.key]].focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  function signOut() {
    // The server ends this token's session (the request takes the token before the user is cleared); the browser
    // forgets the user whether or not that answer arrives.
    api('POST', '/auth/logout').catch(() => undefined);
    setUser(null);
    navigate('/');
  }

  function choose(action: () => void) {
    close(true);
    action();
  }

  return (
    <div className="ad-user-menu">
      <button
        ref={toggle}
        type="button"
        className="ad-user-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="ad-user-menu"
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onToggleKey}
      >
        {user.picture ? (
          <img className="ad-user-menu__avatar" src={user.picture} alt="" />
        ) : (
          <span className="ad-user-menu__avatar" aria-hidden="true">
            {user.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <span className="ad-user-menu__name">{user.name}</span>
      </button>
      {open && (
        <div ref={menu} id="ad-user-menu" className="ad-user-menu__list" role="menu" aria-label={`${user.name}'s menu`} onKeyDown={onMenuKey}>
          <p className="ad-user-menu__who" role="none">
            <strong>{user.name}</strong>
            {user.email && <span>{user.email}</span>}
            {user.type === PRO_PLUS && <span className="ad-paid">Pro Plus</span>}
          </p>
          <a role="menuitem" tabIndex={-1} href="/dashboard" onClick={(event) => (event.preventDefault(), choose(() => navigate('/dashboard')))}>
            <Icon name="user" />
            Dashboard
          </a>
          <a role="menuitem" tabIndex={-1} href="/analytics" onClick={(event) => (event.preventDefault(), choose(() => navigate('/analytics')))}>
            <Icon name="chart" />
            Analytics
          </a>
          {user.type === 'guest' ? (
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onSaveWork)}>
              <Icon name="user" />
              {SAVE_WORK}
            </button>
          ) : (
            <>
              <a role="menuitem" tabIndex={-1} href="/account" onClick={(event) => (event.preventDefault(), choose(() => navigate('/account')))}>
                <Icon name="user" />
                Account and payments
              </a>
              <a role="menuitem" tabIndex={-1} href="/teams" onClick={(event) => (event.preventDefault(), choose(() => navigate('/teams')))}>
                <Icon name="user" />
                Teams
              </a>
            </>
          )}
          {user.type === PRO_PLUS && (
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(() => confirm.ask(PORTAL_QUESTION, manageSubscription))}>
              <Icon name="edit" />
              Manage subscription
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => choose(() => (user.type === 'guest' ? confirm.ask(GUEST_SIGN_OUT_QUESTION, signOut) : signOut()))}
          >
            <Icon name="sign-out" />
            Sign out
          </button>
        </div>
      )}
      {confirm.modal}
    </div>
  );
}
