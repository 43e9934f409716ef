import type { ReactNode } from 'react';

/** The viewer's root in the shadow root (its styles are the shadow root's adopted stylesheets). */
export function ViewerFrame({ status, className = 'tv-root', theme, children }: { status: string; className?: string; theme?: string; children?: ReactNode }) {
  return (
    <div className={className} data-status={status} data-theme={theme}>
      {children}
    </div>
  );
}

/** A viewer that shows one message instead of the tour. */
export function ViewerNotice({ status, text }: { status: string; text: string }) {
  return (
    <ViewerFrame status={status}>
      <div className="tv-notice" role="alert">
        {text}
      </div>
    </ViewerFrame>
  );
}
