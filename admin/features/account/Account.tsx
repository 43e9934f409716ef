import { Header } from '../../components/Header';
import { PaymentsList } from '../billing/PaymentsList';

/** The owner's account page; for now it holds their payments. */
export function Account() {
  return (
    <>
      <Header />
      <main className="ad-main">
        <h1>Your account</h1>
        <PaymentsList />
      </main>
    </>
  );
}
