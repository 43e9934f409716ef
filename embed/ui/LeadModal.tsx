import { useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin, useMediaUrl } from '../viewer/api-origin-context';
import { Modal } from './Modal';

export const LEAD_RECEIVED = 'Thank you! Your information was received and you will be contacted shortly.';

export function LeadModal({ tour, onClose, onSubmitted }: { tour: Tour; onClose: () => void; onSubmitted: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const apiOrigin = useApiOrigin();
  const mediaUrl = useMediaUrl();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const url = location.href;
    const result = await apiPost<{ ok: boolean }>(apiOrigin, `/leads/${tour.id}`, { createdDate: new Date().toISOString(), email, name, tourId: tour.id, url });
    if (result.ok && result.value.ok) return onSubmitted();
    setError(result.ok ? 'Something went wrong.' : result.error.message);
  }

  return (
    <Modal title="Request information" onClose={onClose} width={460}>
      <form onSubmit={submit} className="tv-form">
        {tour.logo && !tour.hideLogo && <img className="tv-modal__logo" src={mediaUrl(tour.logo)} alt="" />}
        <p>{tour.leadgen.message || 'to receive information about this'}</p>
        <label className="tv-field">
          <span>Name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
        </label>
        <label className="tv-field">
          <span>Email</span>
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" />
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
