import pannellumCss from 'pannellum/build/pannellum.css';
import type { ReactNode } from 'react';
import { viewerCss } from '../styles';

/** The viewer's root in the shadow root, with the styles every state of it needs (none reach it from the page). */
export function ViewerFrame({ status, className = 'tv-root', theme, children }: { status: string; className?: string; theme?: string; children?: ReactNode }) {
  return (
    <div className={className} data-status={status} data-theme={theme}>
      <style>{pannellumCss}</style>
      <style>{viewerCss}</style>
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
