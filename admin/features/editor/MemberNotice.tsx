import { useState } from 'react';
import type { Tour } from '../../../api/schema/tour';
import { ShareModal } from '../billing/ShareModal';

/**
 * What a member of the tour's team may do here, said at the top: a view member sees the tour without changing it,
 * an editor changes what it shows. Either may share its link; publishing stays with the owner.
 */
export function MemberNotice({ tour, readOnly }: { tour: Tour; readOnly: boolean }) {
  const [sharing, setSharing] = useState(false);
  return (
    <div className="ad-banner ad-banner--info ad-member-notice" role="status">
      <p>
        {readOnly
          ? 'You can view this tour as a member of its team, but not change it: your permission on it is view. You can preview it and share its link.'
          : 'You edit this tour as a member of its team: its privacy, password, addresses and publishing stay with its owner.'}
      </p>
      <button type="button" className="ad-button ad-button--plain" onClick={() => setSharing(true)}>
        Share
      </button>
      {sharing && <ShareModal tour={tour} listingMode={false} onClose={() => setSharing(false)} />}
    </div>
  );
}
