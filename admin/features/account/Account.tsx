import { useEffect, useState } from 'react';
import type { AccountSettings } from '../../../api/schema/account';
import { Header } from '../../components/Header';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { PaymentsList } from '../billing/PaymentsList';
import { BrandSection } from './BrandSection';
import { DeleteAccount } from './DeleteAccount';
import { EmailSection } from './EmailSection';
import { MailSettingsSection } from './MailSettingsSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SignOutEverywhere } from './SignOutEverywhere';

/** The owner's account page: profile, brand, address, password, e-mail settings, sessions, payments and deletion. */
export function Account() {
  const [settings, setSettings] = useState<AccountSettings | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api<AccountSettings>('GET', '/account').then(setSettings, (err) =>
      setError(err instanceof RequestFailed ? err.message : 'Your account could not be loaded.'),
    );
  }, []);
  return (
    <>
      <Header />
      <main className="ad-main ad-account">
        <h1>Your account</h1>
        {error && (
          <p className="ad-error" role="alert">
            {error}
          </p>
        )}
        {settings && (
          <>
            <ProfileSection name={settings.name} picture={settings.picture} />
            <BrandSection />
            <EmailSection settings={settings} onSettings={setSettings} />
            <PasswordSection />
            <MailSettingsSection settings={settings} onSettings={setSettings} />
            <SignOutEverywhere />
          </>
        )}
        <PaymentsList />
        {settings && <DeleteAccount />}
      </main>
    </>
  );
}
