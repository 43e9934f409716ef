import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';
import { partsCss } from '../styles/parts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element focused in the shadow root (or page) the dialog is in: `document.activeElement` stops at the host. */
function focusedIn(node: Node): HTMLElement | null {
  const root = node.getRootNode() as ShadowRoot | Document;
  return root.activeElement as HTMLElement | null;
}

export interface ModalProps {
  title?: string;
  /** Without onClose the modal has no close icon and Escape does nothing (the password gate). */
  onClose?: () => void;
  width?: number;
  height?: number;
  className?: string;
  children: ReactNode;
}

/** The generic modal, drawn inside the element (never over the partner's page). */
export function Modal({ title, onClose, width = 900, height, className = '', children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Every dialog is in a part loaded later (the password gate too), which brings its styles.
  useAdoptedStyles(dialog, partsCss);
  // Focus moves into the dialog when it opens and back to where it was (the button that opened it) when it closes.
  useEffect(() => {
    const opener = dialog.current && focusedIn(dialog.current);
    dialog.current?.querySelector<HTMLElement>('input, button, textarea, [href]')?.focus();
    return () => opener?.focus();
  }, []);
  // Tab and Shift+Tab go round the dialog's own controls, never to the panorama or the page behind it.
  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose?.();
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    const active = focusedIn(dialog.current);
    if (event.shiftKey ? active === first || !focusable.includes(active!) : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };
  return (
    <div className="tv-backdrop" onKeyDown={keepFocusInside}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        className={`tv-modal ${className}`}
        style={{ maxWidth: width, maxHeight: height }}
      >
        {onClose && (
          <button type="button" className="tv-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        )}
        {title && (
          <h2 id={titleId} className="tv-modal__title">
            {title}
          </h2>
        )}
        {children}
      </div>
    </div>
  );
}
