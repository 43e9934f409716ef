import type { ReactNode } from 'react';

/** The viewer's root in the shadow root (its styles are the shadow root's adopted stylesheets). */
export function ViewerFrame({ status, className = 'tv-root', theme, children }: { status: string; className?: string; theme?: string; children?: ReactNode }) {
  return (
    <div className={className} data-status={status} data-theme={theme}>
      {children}
    </div>
  );
}

/** A viewer that shows one message instead of the tour, and under it a way on if there is one. */
export function ViewerNotice({ status, text, children }: { status: string; text: string; children?: ReactNode }) {
  return (
    <ViewerFrame status={status}>
      <div className="tv-notice">
        <p role="alert">{text}</p>
        {children}
      </div>
    </ViewerFrame>
  );
}
