import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { BrandApplied, BrandDefaults } from '../../../api/schema/account';
import { useConfirm } from '../../components/ConfirmModal';
import { TextField } from '../../components/TextField';
import { UploadButton } from '../../components/UploadButton';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { useForm } from '../../lib/use-form';
import { addToLibrary } from '../library/library-store';

/** Asked before the brand is written into every tour: each becomes a new revision, which open editors must reload. */
export const APPLY_QUESTION =
  'Give all your tours this brand? Each tour gets its logo, contacts, agent and link-back as a new revision: an editor open on one of them will ask to reload, and a team tour’s history records the change.';

const EMPTY_TEXTS = { companyName: '', person: '', email: '', number: '', agentName: '', agentEmail: '', linkbackUrl: '' };

/**
 * The brand new tours start with (owners with many tours set it once), saved to the account; and the way to give
 * it to every tour the owner already has.
 */
export function BrandSection() {
  const [loaded, setLoaded] = useState(false);
  const [logo, setLogo] = useState('');
  const [linkback, setLinkback] = useState(true);
  const [uploading, setUploading] = useState(false);
  const { values, setValues, field, alert, attempt } = useForm(EMPTY_TEXTS);
  const confirm = useConfirm();

  useEffect(() => {
    api<BrandDefaults>('GET', '/account/brand').then(
      (brand) => {
        setLogo(brand.logo);
        setLinkback(brand.isLinkbackEnabled);
        setValues({
          companyName: brand.companyName,
          ...brand.contacts,
          agentName: brand.agentName,
          agentEmail: brand.agentEmail,
          linkbackUrl: brand.linkbackUrl,
        });
        setLoaded(true);
      },
      (err) => toast.error(err instanceof RequestFailed ? err.message : 'Your brand could not be loaded.'),
    );
    // Loaded once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const brand = (): BrandDefaults => ({
    logo,
    companyName: values.companyName,
    contacts: { person: values.person, email: values.email, number: values.number },
    agentName: values.agentName,
    agentEmail: values.agentEmail,
    isLinkbackEnabled: linkback,
    linkbackUrl: values.linkbackUrl,
  });

  function save(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      await api<BrandDefaults>('PUT', '/account/brand', brand());
      toast.success('Your brand is saved. New tours start with it.');
    });
  }

  function chooseLogo(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    void attempt(async () => setLogo((await addToLibrary(file, 'logo')).url)).finally(() => setUploading(false));
  }

  function applyToAll() {
    confirm.ask(
      APPLY_QUESTION,
      () =>
        void attempt(async () => {
          // What is on screen is what every tour gets: saved first, then applied.
          await api<BrandDefaults>('PUT', '/account/brand', brand());
          const { tours } = await api<BrandApplied>('POST', '/account/brand/apply');
          toast.success(tours === 1 ? 'Your brand is on your tour.' : `Your brand is on all ${tours} of your tours.`);
        }),
    );
  }

  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-brand-heading">
      <h2 id="ad-brand-heading">Your brand</h2>
      <p>New tours start with these; each tour can still change them in its Brand kit.</p>
      {loaded && (
        <form onSubmit={save} noValidate aria-label="Your brand">
          <div className="ad-account-picture">
            {logo ? <img src={logo} alt="Your logo" height={48} /> : <span>No logo yet.</span>}
            <UploadButton
              label={logo ? 'Change logo' : 'Add a logo'}
              busyLabel="Uploading logo…"
              accept="image/jpeg,image/png,image/webp"
              busy={uploading}
              className="ad-button ad-button--plain"
              onFile={chooseLogo}
            />
          </div>
          <TextField label="Company name" autoComplete="organization" {...field('companyName')} />
          <TextField label="Contact person" autoComplete="name" {...field('person')} />
          <TextField label="Contact e-mail" type="email" autoComplete="email" {...field('email')} />
          <TextField label="Contact number" type="tel" autoComplete="tel" {...field('number')} />
          <TextField label="Agent name" {...field('agentName')} />
          <TextField label="Agent e-mail" type="email" {...field('agentEmail')} />
          <label className="ad-check">
            <input type="checkbox" checked={linkback} onChange={(event) => setLinkback(event.target.checked)} /> Link back to your site
          </label>
          <TextField label="Your site" type="url" placeholder="https://youragency.com" {...field('linkbackUrl')} />
          {alert}
          <button type="submit" className="ad-button">
            Save brand
          </button>{' '}
          <button type="button" className="ad-button ad-button--plain" onClick={applyToAll}>
            Apply to all my tours
          </button>
        </form>
      )}
      {confirm.modal}
    </section>
  );
}
