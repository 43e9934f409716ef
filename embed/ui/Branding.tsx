import type { Tour } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';
import { useMediaUrl } from '../viewer/api-origin-context';

/** Logo and contact block (hidden in listing mode by the caller). */
export function ContactBlock({ tour }: { tour: Tour }) {
  const mediaUrl = useMediaUrl();
  const { t } = useMessages();
  const { person, email, number } = tour.contacts;
  if (!(tour.logo && !tour.hideLogo) && !person && !email && !number && !tour.companyName) return null;
  return (
    <div className="tv-contacts">
      {tour.logo && !tour.hideLogo && <img src={mediaUrl(tour.logo)} alt={tour.companyName || t('logo')} />}
      <div>
        {tour.companyName && <strong>{tour.companyName}</strong>}
        {person && <div>{person}</div>}
        {email && <a href={`mailto:${email}`}>{email}</a>}
        {number && <a href={`tel:${number}`}>{number}</a>}
      </div>
    </div>
  );
}

/** The product's watermark on tours that are not paid for, linking to this server's public site. */
export function Watermark({ origin }: { origin: string }) {
  const { t } = useMessages();
  return (
    <a className="tv-watermark" href={`${origin}/`} target="_blank" rel="noopener noreferrer">
      {t('madeWithBrand')}
    </a>
  );
}
