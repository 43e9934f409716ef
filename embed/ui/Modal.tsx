import '../i18n/en-parts';
import { useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useMessages } from '../i18n/i18n-context';
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
  /** The title is the owner's own text, shown in its own direction, not a text of the viewer's. */
  ownTitle?: boolean;
  /** The dialog's accessible name where it shows no title. */
  label?: string;
  /** Without onClose the modal cannot be dismissed: no close icon, and Escape and the backdrop do nothing (the password gate). */
  onClose?: () => void;
  /** The size it takes when the viewer has room; a smaller viewer shrinks it to its own box. */
  width?: number;
  height?: number;
  className?: string;
  children: ReactNode;
}

/**
 * The one dialog shell of the viewer, drawn inside the element (never over the partner's page). It never outgrows
 * the viewer's box: the header with the title and Close stays in sight and the body scrolls, down to a 280×160
 * viewer.
 */
export function Modal({ title, ownTitle, label, onClose, width = 900, height, className = '', children }: ModalProps) {
  const titleId = useId();
  const { t } = useMessages();
  const dialog = useRef<HTMLDivElement>(null);
  // Every dialog is in a part loaded later (the password gate too), which brings its styles.
  useAdoptedStyles(dialog, partsCss);
  // Focus moves into the dialog when it opens and back to where it was (the button that opened it) when it closes.
  // It lands on Close where there is one, so a screen reader starts at the title and no control (a floor plan's
  // first room, a form's first field) is picked for the visitor; the password gate starts at its field.
  useEffect(() => {
    const opener = dialog.current && focusedIn(dialog.current);
    (dialog.current?.querySelector<HTMLElement>('input, button, textarea, [href]') ?? dialog.current)?.focus();
    return () => opener?.focus();
  }, []);
  // Tab and Shift+Tab go round the dialog's own controls, never to the panorama or the page behind it.
  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // A control taken out of the Tab order (a group's roving tabindex) is not where Tab goes.
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0);
    if (focusable.length === 0) return;
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    const active = focusedIn(dialog.current);
    if (event.shiftKey ? active === first || !focusable.includes(active!) : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };
  // Only a press that starts and ends on the backdrop itself closes: selecting text in a field and letting go
  // outside the dialog does not.
  const pressedOnBackdrop = useRef(false);
  const closeFromBackdrop = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose?.();
  };
  const size = { '--tv-modal-width': `${width}px`, '--tv-modal-height': height ? `${height}px` : '100%' } as CSSProperties;
  return (
    <div
      className="tv-backdrop"
      onKeyDown={keepFocusInside}
      onMouseDown={(event) => (pressedOnBackdrop.current = event.target === event.currentTarget)}
      onClick={closeFromBackdrop}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        // Focusable itself, so a click on its text keeps the focus (and Escape) inside the dialog.
        tabIndex={-1}
        className={`tv-modal ${className}`}
        style={size}
      >
        {(title || onClose) && (
          <div className="tv-modal__header">
            {title && (
              <h2 id={titleId} className="tv-modal__title" dir={ownTitle ? 'auto' : undefined}>
                {title}
              </h2>
            )}
            {onClose && (
              <button type="button" className="tv-modal__close" aria-label={t('close')} onClick={onClose}>
                ×
              </button>
            )}
          </div>
        )}
        <div className="tv-modal__body">{children}</div>
      </div>
    </div>
  );
}
