import '../i18n/en-parts';
import { useEffect, useState } from 'react';
import type { Infospot } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';
import { useMediaUrl } from '../viewer/api-origin-context';
import { INFOSPOT_LABELS } from '../panorama/infospot-element';
import { Modal } from './Modal';

/**
 * HTML from owners is sanitised before it is shown; DOMPurify loads only when an HTML info spot opens. Style
 * attributes go too: our own pages' CSP would ignore them while partner pages applied them, and the spot should look
 * the same on every page.
 */
function SanitisedHtml({ html }: { html: string }) {
  const [clean, setClean] = useState<string | null>(null);
  const { t } = useMessages();
  useEffect(() => {
    let live = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (live) setClean(DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'], ADD_ATTR: ['target'] }));
    });
    return () => {
      live = false;
    };
  }, [html]);
  return clean === null ? <p>{t('loading')}</p> : <div className="tv-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function InfospotModal({ spot, onClose }: { spot: Infospot; onClose: () => void }) {
  const mediaUrl = useMediaUrl();
  const { t } = useMessages();
  // An 'ext' spot's preview text is its body, not a title: the dialog is named for its kind instead.
  const title = spot.data.previewText && spot.dataType !== 'ext' ? spot.data.previewText : undefined;
  return (
    <Modal title={title} ownTitle label={t(INFOSPOT_LABELS[spot.dataType])} onClose={onClose} width={640} className="tv-infospot">
      {spot.dataType === 'html' && <SanitisedHtml html={spot.data.htmlContent} />}
      {spot.dataType === 'ext' && (
        <p className="tv-infospot__text" dir="auto">
          {spot.data.previewText}
        </p>
      )}
      {spot.dataType === 'image' && spot.data.image && (
        <figure>
          <img src={mediaUrl(spot.data.image.url)} alt={spot.data.image.caption} />
          <figcaption dir="auto">{spot.data.image.caption}</figcaption>
        </figure>
      )}
    </Modal>
  );
}
