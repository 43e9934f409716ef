import { useEffect, useRef, useState } from 'react';
import { CONTINUE_CHAT_COUNTDOWN_S } from '../../api/schema/video';

/** Not dismissible; confirm or cancel; reaching zero acts as cancel. */
export function ContinueChatModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [seconds, setSeconds] = useState(CONTINUE_CHAT_COUNTDOWN_S);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    if (seconds <= 0) return cancel.current();
    const timer = setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <div className="vc-modal" role="dialog" aria-modal="true" aria-label="Continue chatting">
      <p>Do you want to continue chating? The window closes through the remaining seconds.</p>
      <p className="vc-countdown" role="timer">
        {seconds}
      </p>
      <button type="button" className="vc-button" onClick={onConfirm}>
        Yes
      </button>
      <button type="button" className="vc-button vc-button--plain" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
