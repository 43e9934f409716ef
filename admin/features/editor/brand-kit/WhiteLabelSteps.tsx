import { useState } from 'react';
import {
  pointingRecord,
  WHITE_LABEL_HINTS,
  WHITE_LABEL_STATUSES,
  WHITE_LABEL_TITLES,
  type WhiteLabelCheck,
  type WhiteLabelStatus,
} from '../../../../api/schema/white-label';
import { api } from '../../../lib/api-client';
import { startUpgrade } from '../../billing/upgrade';
import { RequestFailed } from '../../../lib/request-failed';
import { OwnersSetting, useOwnersField } from '../editor-access';
import { useEditorSnapshot, useEditorStore } from '../editor-context';
import { useTourFields } from '../use-tour-fields';

const STEPS = ['Your address', 'Point your domain here', 'Check it'] as const;

const isStatus = (code: string): code is WhiteLabelStatus => (WHITE_LABEL_STATUSES as readonly string[]).includes(code);

function hostOf(address: string): string {
  try {
    return new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`).hostname;
  } catch {
    return address;
  }
}

/**
 * The white-label URL in three steps (the step counter starts at 0). The check asks the server to
 * fetch the tour under the saved address, so it waits until the address is saved.
 */
export function WhiteLabelSteps() {
  const { tour, set } = useTourFields();
  // The check reads the saved address, so it waits for the save.
  const isSaved = useEditorSnapshot(useEditorStore()).save.status === 'saved';
  const ownersField = useOwnersField();
  const [step, setStep] = useState(0);
  // The owner's address points at this server as the owner reaches it (an IPv6 host without its brackets).
  const serverHost = location.hostname.replace(/^\[|\]$/g, '');
  const record = pointingRecord(serverHost);
  const [status, setStatus] = useState<WhiteLabelStatus | null>(isStatus(tour.whiteLabelStatusCode) ? tour.whiteLabelStatusCode : null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState('');
  const address = tour.whiteLabelUrl.trim();

  async function check() {
    setChecking(true);
    setError('');
    try {
      setStatus((await api<WhiteLabelCheck>('GET', `/tours/${encodeURIComponent(tour.shortId)}/white-label-status`)).status);
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'The address could not be checked.');
    } finally {
      setChecking(false);
    }
  }

  return (
    <fieldset className="ad-white-label" data-step={step}>
      <legend>White-label URL</legend>
      <ol className="ad-steps">
        {STEPS.map((name, index) => (
          <li key={name} aria-current={index === step ? 'step' : undefined}>
            {name}
          </li>
        ))}
      </ol>
      <p className="ad-steps__counter">
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </p>
      {step === 0 && (
        <label className="ad-field">
          <span>Your address for this tour</span>
          <input
            value={tour.whiteLabelUrl}
            disabled={ownersField('whiteLabelUrl')}
            placeholder="tours.youragency.com"
            onChange={(event) => {
              set('whiteLabelUrl', event.target.value);
              setStatus(null);
            }}
          />
          <OwnersSetting field="whiteLabelUrl" />
        </label>
      )}
      {step === 1 && (
        <p>
          At the company that manages your domain, add {record === 'A' ? 'an' : 'a'} <strong>{record}</strong> record for{' '}
          <code>{address ? hostOf(address) : 'your address'}</code> pointing to <code>{serverHost}</code>. Records can take a few hours to reach everyone.
        </p>
      )}
      {step === 2 && (
        <>
          <button type="button" className="ad-button" disabled={!address || !isSaved || checking} onClick={() => void check()}>
            {checking ? 'Checking…' : isSaved ? 'Check my URL' : 'Saving your URL…'}
          </button>
          {!address && <p>Enter your address in step 1 first.</p>}
          {status && (
            <p className={`ad-white-label__status ad-white-label__status--${status}`} role="status">
              <strong>{WHITE_LABEL_TITLES[status]}</strong> {WHITE_LABEL_HINTS[status]}
              {status === 'UPGRADE' && (
                <button type="button" className="ad-link" onClick={startUpgrade}>
                  Upgrade to Pro Plus
                </button>
              )}
            </p>
          )}
          {error && (
            <p className="ad-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
      <div className="ad-steps__nav">
        <button type="button" className="ad-button ad-button--plain" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </button>
        <button type="button" className="ad-button" disabled={step === STEPS.length - 1} onClick={() => setStep(step + 1)}>
          Next
        </button>
      </div>
    </fieldset>
  );
}
