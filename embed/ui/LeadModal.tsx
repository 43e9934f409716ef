import '../i18n/en-parts';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Tour } from '../../api/schema/tour';
import { apiPost } from '../tour/tour-client';
import { useApiOrigin, useMediaUrl } from '../viewer/api-origin-context';
import type { MessageKey } from '../i18n/en';
import { useMessages } from '../i18n/i18n-context';
import { Modal } from './Modal';

/** Said of an empty field, so the visitor knows which one is missing. */
const LEAD_MISSING = { name: 'leadMissingName', email: 'leadMissingEmail' } as const satisfies Record<string, MessageKey>;

export function LeadModal({ tour, onClose, onSubmitted }: { tour: Tour; onClose: () => void; onSubmitted: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [missing, setMissing] = useState<keyof typeof LEAD_MISSING | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const apiOrigin = useApiOrigin();
  const mediaUrl = useMediaUrl();
  const { t } = useMessages();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const empty = !name.trim() ? 'name' : !email.trim() ? 'email' : null;
    setMissing(empty);
    if (empty) {
      setError('');
      (empty === 'name' ? nameField : emailField).current?.focus();
      return;
    }
    const url = location.href;
    const result = await apiPost<{ ok: boolean }>(apiOrigin, `/leads/${tour.id}`, { createdDate: new Date().toISOString(), email, name, tourId: tour.id, url });
    if (result.ok && result.value.ok) return onSubmitted();
    setError(result.ok ? t('somethingWentWrong') : result.error.message);
  }

  const errorId = useId();
  const fieldState = (field: keyof typeof LEAD_MISSING) => (missing === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

  return (
    <Modal title={t('requestInformation')} onClose={onClose} width={460}>
      <form onSubmit={submit} className="tv-form">
        {tour.logo && !tour.hideLogo && <img className="tv-modal__logo" src={mediaUrl(tour.logo)} alt="" />}
        <p dir="auto">{tour.leadgen.message || t('leadDefaultMessage')}</p>
        <label className="tv-field">
          <span>{t('name')}</span>
          <input ref={nameField} name="name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" {...fieldState('name')} />
        </label>
        {missing === 'name' && <FormError id={errorId} text={t(LEAD_MISSING.name)} />}
        <label className="tv-field">
          <span>{t('email')}</span>
          <input
            ref={emailField}
            name="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
            {...fieldState('email')}
          />
        </label>
        {missing === 'email' && <FormError id={errorId} text={t(LEAD_MISSING.email)} />}
        {error && <FormError text={error} />}
        <button type="submit" className="tv-button">
          {t('submit')}
        </button>
      </form>
    </Modal>
  );
}

function FormError({ id, text }: { id?: string; text: string }) {
  return (
    <p id={id} className="tv-error" role="alert">
      {text}
    </p>
  );
}
