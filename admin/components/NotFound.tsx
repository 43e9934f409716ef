import { Header } from './Header';

export function NotFound() {
  return (
    <>
      <Header />
      <main className="ad-main">
        <h1>Not found</h1>
        <p>There is nothing at this address.</p>
        <a href="/dashboard">Back to your tours</a>
      </main>
    </>
  );
}
