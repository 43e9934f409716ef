import type { ReactNode } from 'react';
import { useMessages } from '../i18n/i18n-context';

/**
 * The viewer's root in the shadow root (its styles are the shadow root's adopted stylesheets). It starts inherited
 * properties afresh, so it says its own language and direction: a right-to-left language mirrors the layout.
 */
export function ViewerFrame({ status, className = 'tv-root', theme, children }: { status: string; className?: string; theme?: string; children?: ReactNode }) {
  const { language, dir } = useMessages();
  return (
    <div className={className} data-status={status} data-theme={theme} lang={language} dir={dir}>
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
