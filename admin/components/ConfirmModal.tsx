import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  text: string;
  /** An illustration above the question. */
  image?: string;
  agreeLabel?: string;
  cancelLabel?: string;
  onAgree: () => void;
  onCancel: () => void;
}

/** Confirm modal: agree and cancel, Yes and Cancel by default. */
export function ConfirmModal({ text, image, agreeLabel = 'Yes', cancelLabel = 'Cancel', onAgree, onCancel }: ConfirmModalProps) {
  return (
    <Modal title={text} hideTitle width={480} height="auto" onClose={onCancel} className="ad-confirm">
      {image && <img className="ad-confirm__image" src={image} alt="" />}
      <p>{text}</p>
      <div className="ad-confirm__actions">
        <button type="button" className="ad-button" autoFocus onClick={onAgree}>
          {agreeLabel}
        </button>
        <button type="button" className="ad-button ad-button--plain" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </Modal>
  );
}

/**
 * Asks before a removal: `ask(text, action)` opens a ConfirmModal and runs the action on Yes; render `modal`
 * where the question should appear. Every removal in the app goes through a question like this.
 */
export function useConfirm(): { ask: (text: string, onAgree: () => void) => void; modal: ReactNode } {
  const [question, setQuestion] = useState<{ text: string; onAgree: () => void } | null>(null);
  const modal = question && (
    <ConfirmModal
      text={question.text}
      onAgree={() => {
        setQuestion(null);
        question.onAgree();
      }}
      onCancel={() => setQuestion(null)}
    />
  );
  return { ask: (text, onAgree) => setQuestion({ text, onAgree }), modal };
}
