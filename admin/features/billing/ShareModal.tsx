import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../api/schema/errors';
import { pinnedScript, type PinnedViewer } from '../../../api/schema/share-links';
import type { Tour } from '../../../api/schema/tour';
import { Modal } from '../../components/Modal';
import { createCopier, tourShareLinks } from '../../../embed/shared';

export interface ShareModalProps {
  tour: Pick<Tour, 'shortId' | 'title' | 'name'>;
  /** Paid tours and Pro Plus owners may hand out the listing-compliant link. */
  listingMode: boolean;
  onClose: () => void;
}

/**
 * The owner's share-and-embed modal for a published tour: the direct link, the iframe code, the script-tag code for
 * partner pages and the social buttons.
 */
export function ShareModal({ tour, listingMode, onClose }: ShareModalProps) {
  const [mls, setMls] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copy] = useState(() => createCopier(setCopied));
  const { link, iframe, script, facebook, twitter, email } = tourShareLinks(location.origin, tour, mls);
  const pinned = usePinnedViewer();
  const pinnedCode = pinned && pinnedScript(location.origin, tour.shortId, mls, pinned);

  return (
    <Modal title="Share and embed" onClose={onClose} width={600} height={750} className="ad-share">
      {listingMode && (
        <label className="ad-check">
          <input type="checkbox" checked={mls} onChange={(event) => setMls(event.target.checked)} /> Listing-compliant link (MLS)
        </label>
      )}
      <label className="ad-field">
        <span>Direct link</span>
        <input readOnly value={link} onClick={() => void copy(link)} title="Click to copy" />
      </label>
      <label className="ad-field">
        <span>Embed code</span>
        <textarea readOnly rows={4} value={iframe} />
      </label>
      <button type="button" className="ad-button" onClick={() => void copy(iframe)}>
        Copy embed code
      </button>
      <label className="ad-field">
        <span>Embed with a script tag</span>
        <textarea readOnly rows={3} value={script} />
      </label>
      <button type="button" className="ad-button" onClick={() => void copy(script)}>
        Copy script code
      </button>
      {pinnedCode && (
        <>
          <label className="ad-field">
            <span>Embed a pinned version (integrity-checked)</span>
            <textarea readOnly rows={3} value={pinnedCode} />
          </label>
          <button type="button" className="ad-button" onClick={() => void copy(pinnedCode)}>
            Copy pinned code
          </button>
        </>
      )}
      <p className="ad-share__social">
        <a className="ad-button" style={{ background: '#465B90' }} target="_blank" rel="noopener noreferrer" href={facebook}>
          Facebook
        </a>
        <a className="ad-button ad-share__twitter" style={{ background: '#50AEED' }} target="_blank" rel="noopener noreferrer" href={twitter}>
          Twitter
        </a>
        <a className="ad-button ad-button--plain" href={email}>
          E-mail
        </a>
      </p>
      {/* SPEC's words, as a link that opens its answer: a hover tooltip on a paragraph reached neither keyboards nor fingers. */}
      <details className="ad-share__whitelabel">
        <summary className="ad-link">where's my whitelabel</summary>
        <p>White-labelling (your own address for tours) is set under Tour Editor, Brand Kit, Whitelabel URL, for Pro Plus users.</p>
      </details>
      {copied && <p role="status">{MESSAGES.textCopied}</p>}
    </Modal>
  );
}

/**
 * This server's current build of the viewer, for the pinned snippet: the code above follows every deploy, this one
 * stays on the build it names. Undefined until known (the pinned code is then left out).
 */
function usePinnedViewer(): PinnedViewer | undefined {
  const [pinned, setPinned] = useState<PinnedViewer>();
  useEffect(() => {
    let live = true;
    void fetch('/embed/versions.json')
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ current: string; versions: PinnedViewer[] }>) : undefined))
      .then((list) => live && setPinned(list?.versions.find((build) => build.version === list.current)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return pinned;
}
