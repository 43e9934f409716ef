import type { ReactNode } from 'react';
import type { Tour } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';
import { useMediaUrl } from '../viewer/api-origin-context';

/**
 * Logo and contact block (hidden in listing mode by the caller). With the link-back on and the owner's site given,
 * the logo and company name lead there, in a new tab so the tour stays open.
 */
export function ContactBlock({ tour }: { tour: Tour }) {
  const mediaUrl = useMediaUrl();
  const { t } = useMessages();
  const { person, email, number } = tour.contacts;
  if (!(tour.logo && !tour.hideLogo) && !person && !email && !number && !tour.companyName) return null;
  // The server takes only http(s) addresses; checked again here, as anything put in an href is.
  const site = tour.isLinkbackEnabled && /^https?:\/\//i.test(tour.linkbackUrl) ? tour.linkbackUrl : '';
  const linked = (content: ReactNode) =>
    site ? (
      <a className="tv-contacts__site" href={site} target="_blank" rel="noopener">
        {content}
      </a>
    ) : (
      content
    );
  return (
    <div className="tv-contacts">
      {tour.logo && !tour.hideLogo && linked(<img src={mediaUrl(tour.logo)} alt={tour.companyName || t('logo')} />)}
      <div>
        {tour.companyName && linked(<strong dir="auto">{tour.companyName}</strong>)}
        {person && <div dir="auto">{person}</div>}
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
