import { useMessages } from '../i18n/i18n-context';

/**
 * Where a visitor can go from a tour that cannot be shown: a private tour's owner signs in (on our own page, through
 * the sign-in form that brings them back; on a partner page, where nobody can be signed in, through the tour's own
 * page), and an unknown tour leads to the tour server's home page. Other failures have no way on to offer.
 */
export function TourErrorWayOn({ code, shortId, apiOrigin }: { code: string; shortId: string | null; apiOrigin: string }) {
  const { t } = useMessages();
  const ownPage = location.origin === apiOrigin;
  // A partner's page stays open; ours is left for the next.
  const newTab = ownPage ? {} : { target: '_blank', rel: 'noopener' };
  if (code === 'TourPrivate' && shortId) {
    const tourPage = `/tours/${encodeURIComponent(shortId)}`;
    return ownPage ? (
      <a className="tv-notice__link" href={`/?login&next=${encodeURIComponent(tourPage)}`}>
        {t('logIn')}
      </a>
    ) : (
      <a className="tv-notice__link" href={`${apiOrigin}${tourPage}`} {...newTab}>
        {t('openTourPageToLogIn')}
      </a>
    );
  }
  if (code === 'TourNotFound' && apiOrigin) {
    return (
      <a className="tv-notice__link" href={`${apiOrigin}/`} {...newTab}>
        {t('goHome')}
      </a>
    );
  }
  return null;
}
