import '../i18n/en-parts';
import { useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin, useMediaUrl } from '../viewer/api-origin-context';
import { useMessages } from '../i18n/i18n-context';
import { Modal } from './Modal';

export function ShowingModal({
  tour,
  initialName,
  onClose,
  onSent,
}: {
  tour: Tour;
  initialName: string;
  onClose: () => void;
  onSent: (message: string) => void;
}) {
  const [form, setForm] = useState({ name: initialName, email: '', phone: '', comments: '', preferredDate: '', preferredTime: '' });
  const [error, setError] = useState('');
  const apiOrigin = useApiOrigin();
  const mediaUrl = useMediaUrl();
  const { t } = useMessages();
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { preferredDate, preferredTime, ...contact } = form;
    // The day and time are read on the visitor's clock; their zone lets the owner see them on theirs.
    const preferred = preferredDate
      ? { preferredDate, ...(preferredTime ? { preferredTime } : {}), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }
      : {};
    const result = await apiPost<{ agentName: string }>(apiOrigin, `/tours/${encodeURIComponent(tour.shortId)}/requestShowing`, {
      ...contact,
      ...preferred,
    });
    if (result.ok) return onSent(t('showingReceived', { who: result.value.agentName || t('showingAgent') }));
    setError(t('showingFailed'));
  }

  return (
    <Modal title={t('requestShowing')} onClose={onClose} width={480}>
      <form onSubmit={submit} className="tv-form">
        {tour.logo && !tour.hideLogo && <img className="tv-modal__logo" src={mediaUrl(tour.logo)} alt="" />}
        <p>{t('showingPrompt')}</p>
        <label className="tv-field">
          <span>{t('name')}</span>
          <input required maxLength={100} autoComplete="name" dir="auto" {...field('name')} />
        </label>
        <label className="tv-field">
          <span>{t('email')}</span>
          <input required type="email" maxLength={100} autoComplete="email" {...field('email')} />
        </label>
        <label className="tv-field">
          <span>{t('phone')}</span>
          <input type="tel" maxLength={20} autoComplete="tel" {...field('phone')} />
        </label>
        <div className="tv-form__row">
          <label className="tv-field">
            <span>{t('preferredDate')}</span>
            <input type="date" {...field('preferredDate')} />
          </label>
          <label className="tv-field">
            <span>{t('preferredTime')}</span>
            <input type="time" disabled={!form.preferredDate} {...field('preferredTime')} />
          </label>
        </div>
        <label className="tv-field">
          <span>{t('comments')}</span>
          <textarea maxLength={1000} rows={3} dir="auto" {...field('comments')} />
        </label>
        {error && (
          <p className="tv-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tv-button">
          {t('submit')}
        </button>
      </form>
    </Modal>
  );
}
