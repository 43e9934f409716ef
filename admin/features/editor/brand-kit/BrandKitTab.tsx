import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { addToLibrary } from '../../library/library-store';
import { RequestFailed } from '../../../lib/request-failed';
import { useTourFields } from '../use-tour-fields';
import { WhiteLabelSteps } from './WhiteLabelSteps';

/** The tour's branding: logo, company and contacts, the link back, and the white-label address. */
export function BrandKitTab() {
  const { tour, set } = useTourFields();
  const [logoStatus, setLogoStatus] = useState<'IN_PROGRESS' | 'UPLOADED' | null>(null);

  /** The picture is uploaded first, then the tour is saved with it. */
  async function uploadLogo(file: File | undefined) {
    if (!file) return;
    setLogoStatus('IN_PROGRESS');
    try {
      const asset = await addToLibrary(file, 'logo');
      set('logo', asset.url);
      setLogoStatus('UPLOADED');
    } catch (err) {
      setLogoStatus(null);
      toast.error(err instanceof RequestFailed ? err.message : 'The logo could not be uploaded.');
    }
  }

  return (
    <section aria-label="Brand kit" className="ad-form">
      {tour.logo && <img className="ad-logo" src={tour.logo} alt="Logo" />}
      <label className="ad-button">
        {logoStatus === 'IN_PROGRESS' ? 'Uploading…' : 'Upload logo'}
        <input type="file" accept="image/jpeg,image/png,image/webp" className="ad-file-input" onChange={(event) => void uploadLogo(event.target.files?.[0])} />
      </label>
      <label className="ad-field">
        <span>Company name</span>
        <input value={tour.companyName} onChange={(event) => set('companyName', event.target.value)} />
      </label>
      {(['person', 'email', 'number'] as const).map((key) => (
        <label key={key} className="ad-field">
          <span>Contact {key}</span>
          <input value={tour.contacts[key]} onChange={(event) => set('contacts', { ...tour.contacts, [key]: event.target.value })} />
        </label>
      ))}
      <label className="ad-check">
        <input type="checkbox" checked={tour.hideLogo} onChange={(event) => set('hideLogo', event.target.checked)} /> Hide logo
      </label>
      <label className="ad-check">
        <input type="checkbox" checked={tour.isLinkbackEnabled} onChange={(event) => set('isLinkbackEnabled', event.target.checked)} /> Link back to your site
      </label>
      <label className="ad-field">
        <span>Your site</span>
        <input type="url" placeholder="https://youragency.com" value={tour.linkbackUrl} onChange={(event) => set('linkbackUrl', event.target.value)} />
      </label>
      <WhiteLabelSteps />
    </section>
  );
}
