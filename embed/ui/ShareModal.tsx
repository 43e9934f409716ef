import '../i18n/en-parts';
import { useState } from 'react';
import type { Tour } from '../../api/schema/tour';
import { signedInUser } from '../tour/tour-client';
import { useApiOrigin } from '../viewer/api-origin-context';
import { useMessages } from '../i18n/i18n-context';
import { Modal } from './Modal';
import { createCopier, tourShareLinks } from '../shared/share-dialog';

export function ShareModal({ tour, canUseListingMode, onClose }: { tour: Tour; canUseListingMode: boolean; onClose: () => void }) {
  const [mls, setMls] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copy] = useState(() => createCopier(setCopied));
  const apiOrigin = useApiOrigin();
  const { t } = useMessages();
  const { link, iframe, script, facebook, twitter, email } = tourShareLinks(apiOrigin, tour, mls);
  // The white-label hint is the owner's business; visitors (and anyone on a partner page, where nobody is known) never see it.
  const ownerHere = signedInUser(apiOrigin)?.id === tour.userId;

  return (
    <Modal title={t('shareTitle')} onClose={onClose} width={600} height={750} className="tv-share">
      {canUseListingMode && (
        <label className="tv-check">
          <input type="checkbox" checked={mls} onChange={(event) => setMls(event.target.checked)} /> {t('listingLink')}
        </label>
      )}
      <label className="tv-field">
        <span>{t('directLink')}</span>
        <input readOnly value={link} onClick={() => copy(link)} aria-describedby={ownerHere ? 'tv-copy-hint' : undefined} />
      </label>
      <label className="tv-field">
        <span>{t('embedIframe')}</span>
        <textarea readOnly rows={3} value={iframe} />
      </label>
      <button type="button" className="tv-button" onClick={() => copy(iframe)}>
        {t('copyIframe')}
      </button>
      <label className="tv-field">
        <span>{t('embedScript')}</span>
        <textarea readOnly rows={3} value={script} />
      </label>
      <button type="button" className="tv-button" onClick={() => copy(script)}>
        {t('copyScript')}
      </button>
      <div className="tv-social">
        <a className="tv-social__facebook" style={{ background: '#465B90' }} target="_blank" rel="noopener noreferrer" href={facebook}>
          Facebook
        </a>
        {/* White text on this light blue is 2.4:1, too faint to read; dark text is 7.7:1. */}
        <a className="tv-social__twitter" style={{ background: '#50AEED', color: '#111' }} target="_blank" rel="noopener noreferrer" href={twitter}>
          Twitter
        </a>
        <a className="tv-social__email" href={email}>
          {t('emailShare')}
        </a>
      </div>
      {ownerHere && (
        <p className="tv-hint" id="tv-copy-hint" title={t('whitelabelHint')}>
          {t('whitelabelWhere')}
        </p>
      )}
      {copied && (
        <p className="tv-toast" role="status">
          {t('textCopied')}
        </p>
      )}
    </Modal>
  );
}
