import { createElement, useEffect } from 'react';

/** The real viewer element, loaded once from /embed, as visitors will see the tour (70vw × 70vh). */
export function TourPreview({ shortId, revision }: { shortId: string; revision: number }) {
  useEffect(() => {
    if (document.querySelector('script[data-tour-viewer]')) return;
    const script = Object.assign(document.createElement('script'), { type: 'module', src: '/embed/tour-viewer.js' });
    script.dataset.tourViewer = '';
    document.head.append(script);
  }, []);
  return (
    <div className="ad-preview" role="region" aria-label="Preview">
      {/* Keyed by revision: each save shows the saved tour. The owner's own looks are no visits (no-analytics). */}
      {createElement('tour-viewer', {
        key: revision,
        'short-id': shortId,
        loading: 'eager',
        'no-analytics': '',
        style: { width: '70vw', height: '70vh' },
      })}
    </div>
  );
}
