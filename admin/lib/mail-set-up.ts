import { useEffect, useState } from 'react';
import type { AccountSettings } from '../../api/schema/account';
import { api } from './api-client';

/**
 * Whether this server sends mail, read once from the account (undefined until known): screens that would say
 * "we mailed" say what to do instead when it does not.
 */
export function useMailSetUp(): boolean | undefined {
  const [mailSetUp, setMailSetUp] = useState<boolean>();
  useEffect(() => {
    let current = true;
    api<AccountSettings>('GET', '/account').then(
      (settings) => current && setMailSetUp(settings.mailSetUp),
      () => undefined,
    );
    return () => void (current = false);
  }, []);
  return mailSetUp;
}

/** A link the server answered as a path (no PUBLIC_URL) made whole with the address the app was opened at. */
export function absoluteLink(link: string): string {
  return new URL(link, location.origin).href;
}
