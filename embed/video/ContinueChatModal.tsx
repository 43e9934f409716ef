import '../i18n/en-parts';
import { useEffect, useRef, useState } from 'react';
import { CONTINUE_CHAT_COUNTDOWN_S } from '../../api/schema/video';
import { useMessages } from '../i18n/i18n-context';

/** Not dismissible; confirm or cancel; reaching zero acts as cancel. */
export function ContinueChatModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [seconds, setSeconds] = useState(CONTINUE_CHAT_COUNTDOWN_S);
  const { t, number } = useMessages();
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    if (seconds <= 0) return cancel.current();
    const timer = setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <div className="vc-modal" role="dialog" aria-modal="true" aria-label={t('continueChatting')}>
      <p>{t('continuePrompt')}</p>
      <p className="vc-countdown" role="timer">
        {number(seconds)}
      </p>
      <button type="button" className="vc-button" onClick={onConfirm}>
        {t('yes')}
      </button>
      <button type="button" className="vc-button vc-button--plain" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
