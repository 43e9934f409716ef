import { useState, type FormEvent } from 'react';
import { MESSAGES, showingReceivedMessage } from '../../api/schema/errors';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin, useMediaUrl } from '../viewer/api-origin-context';
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
    if (result.ok) return onSent(showingReceivedMessage(result.value.agentName));
    setError(MESSAGES.showingFailed);
  }

  return (
    <Modal title="Request a showing" onClose={onClose} width={480}>
      <form onSubmit={submit} className="tv-form">
        {tour.logo && !tour.hideLogo && <img className="tv-modal__logo" src={mediaUrl(tour.logo)} alt="" />}
        <p>Enter your details below and someone will contact you for a live showing shortly!</p>
        <label className="tv-field">
          <span>Name</span>
          <input required maxLength={100} autoComplete="name" {...field('name')} />
        </label>
        <label className="tv-field">
          <span>Email</span>
          <input required type="email" maxLength={100} autoComplete="email" {...field('email')} />
        </label>
        <label className="tv-field">
          <span>Phone</span>
          <input type="tel" maxLength={20} autoComplete="tel" {...field('phone')} />
        </label>
        <div className="tv-form__row">
          <label className="tv-field">
            <span>Preferred date (optional)</span>
            <input type="date" {...field('preferredDate')} />
          </label>
          <label className="tv-field">
            <span>Preferred time (optional)</span>
            <input type="time" disabled={!form.preferredDate} {...field('preferredTime')} />
          </label>
        </div>
        <label className="tv-field">
          <span>Comments</span>
          <textarea maxLength={1000} rows={3} {...field('comments')} />
        </label>
        {error && (
          <p className="tv-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tv-button">
          Submit
        </button>
      </form>
    </Modal>
  );
}
