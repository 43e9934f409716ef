import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CelebrationBanner } from './CelebrationBanner';

/** Modal constants; the z-indexes and the 0.7 backdrop live in admin.css. */
export const MODAL_WIDTH_PX = 900;
export const MODAL_HEIGHT_PX = 600;
export const MODAL_TRANSITION_MS = 500;

export interface ModalProps {
  /** Names the dialog for screen readers; shown as a heading unless hideTitle. */
  title: string;
  hideTitle?: boolean;
  /** Title of the celebratory banner across the top, e.g. after a tour was created or cloned. */
  celebration?: string;
  /** Dismissible (close icon, Escape, backdrop click) only when given; it runs after the closing transition. */
  onClose?: () => void;
  /** Pixels; 'auto' lets the content decide, up to the window. */
  width?: number | 'auto';
  height?: number | 'auto';
  /** The optional decorative rounds behind the content. */
  rounds?: boolean;
  /** A 300 px panel beside the content (the testimonials), hidden at mobile widths. */
  side?: ReactNode;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Generic modal: keeps focus inside while open and gives it back to where it was when it closes. */
export function Modal({
  title,
  hideTitle,
  celebration,
  onClose,
  width = MODAL_WIDTH_PX,
  height = MODAL_HEIGHT_PX,
  rounds,
  side,
  className,
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // A child with autoFocus has focus already; otherwise the dialog itself takes it so Tab starts inside.
    if (!dialog.current!.contains(document.activeElement)) dialog.current!.focus();
    return () => opener?.focus?.();
  }, []);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => close.current?.(), MODAL_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  const dismiss = onClose ? () => setClosing(true) : undefined;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && dismiss) {
      event.stopPropagation();
      dismiss();
    }
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return event.preventDefault();
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    const outsideOrEdge = !dialog.current!.contains(document.activeElement) || document.activeElement === dialog.current;
    if (event.shiftKey && (document.activeElement === first || outsideOrEdge)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || outsideOrEdge)) {
      event.preventDefault();
      first.focus();
    }
  }

  const size = {
    width: width === 'auto' ? undefined : `${width}px`,
    height: height === 'auto' ? undefined : `${height}px`,
    animationDuration: `${MODAL_TRANSITION_MS}ms`,
  };
  return (
    <div
      className={`ad-backdrop${closing ? ' ad-backdrop--closing' : ''}`}
      style={{ animationDuration: `${MODAL_TRANSITION_MS}ms` }}
      onMouseDown={(event) => event.target === event.currentTarget && dismiss?.()}
      onKeyDown={onKeyDown}
    >
      <div
        ref={dialog}
        className={`ad-modal${side ? ' ad-modal--with-side' : ''}${className ? ` ${className}` : ''}`}
        style={size}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
      >
        {rounds && <div className="ad-modal__rounds" aria-hidden="true" />}
        {celebration && <CelebrationBanner title={celebration} />}
        {dismiss && (
          <button type="button" className="ad-link ad-modal__close ad-tooltip ad-tooltip--left" aria-label="Close" data-tooltip="Close" onClick={dismiss}>
            ×
          </button>
        )}
        <div className="ad-modal__body">
          {!hideTitle && <h2 className="ad-modal__title">{title}</h2>}
          {children}
        </div>
        {side && <aside className="ad-modal__side">{side}</aside>}
      </div>
    </div>
  );
}
