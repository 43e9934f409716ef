import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('input, button, textarea, [href]')?.focus();
  }, []);
  return (
    <div className="tv-backdrop" onKeyDown={(event) => event.key === 'Escape' && onClose?.()}>
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
