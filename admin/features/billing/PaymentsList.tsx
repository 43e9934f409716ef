import { useEffect, useState } from 'react';
import type { PaymentEntry } from '../../../api/schema/billing';
import type { Page } from '../../../api/schema/requests';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { formatPrice } from './billing-api';

function whatWasPaid(payment: PaymentEntry): string {
  if (payment.kind === 'subscription') return 'Pro Plus';
  return payment.tour ? `Tour "${payment.tour.title || payment.tour.shortId}"` : 'A tour since deleted';
}

/** The owner's payments, newest first: when, what for, how much (and whether it was refunded). */
export function PaymentsList() {
  const [payments, setPayments] = useState<PaymentEntry[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    api<Page<PaymentEntry>>('GET', '/billing/payments?perPage=100').then(
      (page) => setPayments(page.items),
      (err) => setError(err instanceof RequestFailed ? err.message : 'Your payments could not be loaded.'),
    );
  }, []);

  return (
    <section className="ad-payments-list" aria-labelledby="ad-payments-heading">
      <h2 id="ad-payments-heading">Payments</h2>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
      {payments === null && !error && <p>Loading…</p>}
      {payments?.length === 0 && <p>No payments yet.</p>}
      {payments && payments.length > 0 && (
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td>{new Date(payment.createdDate).toLocaleDateString()}</td>
                <td>{whatWasPaid(payment)}</td>
                <td>
                  {formatPrice(payment)}
                  {payment.status === 'refunded' && ' (refunded)'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
