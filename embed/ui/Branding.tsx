import type { Tour } from '../../api/schema/tour';
import { useMediaUrl } from '../viewer/api-origin-context';

/** Logo and contact block (hidden in listing mode by the caller). */
export function ContactBlock({ tour }: { tour: Tour }) {
  const mediaUrl = useMediaUrl();
  const { person, email, number } = tour.contacts;
  if (!(tour.logo && !tour.hideLogo) && !person && !email && !number && !tour.companyName) return null;
  return (
    <div className="tv-contacts">
      {tour.logo && !tour.hideLogo && <img src={mediaUrl(tour.logo)} alt={tour.companyName || 'Logo'} />}
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
  return (
    <a className="tv-watermark" href={`${origin}/`} target="_blank" rel="noopener noreferrer">
      Made with Tour Platform
    </a>
  );
}
