export interface ConfirmModalProps {
  text: string;
  agreeLabel?: string;
  cancelLabel?: string;
  onAgree: () => void;
  onCancel: () => void;
}

/** SPEC.md §2 confirm modal: agree and cancel, Yes and Cancel by default. */
export function ConfirmModal({ text, agreeLabel = 'Yes', cancelLabel = 'Cancel', onAgree, onCancel }: ConfirmModalProps) {
  return (
    <div className="ad-backdrop" onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <div className="ad-modal" role="dialog" aria-modal="true" aria-label={text}>
        <p>{text}</p>
        <button type="button" className="ad-button" autoFocus onClick={onAgree}>
          {agreeLabel}
        </button>
        <button type="button" className="ad-button ad-button--plain" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
