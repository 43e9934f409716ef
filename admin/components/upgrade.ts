import { toast } from 'react-toastify';

/** The Pro Plus upgrade, from the dashboard button or the user menu; no payment provider is configured on this server yet. */
export function startUpgrade(): void {
  toast.info('Payments are not set up on this server yet, so Pro Plus cannot be bought here.');
}
