import type { ReactNode } from 'react';
import { SITE_NAME } from '../../../lib/site-name';

/** The plain page a mailed link opens, signed in or not: the product's name and one card. */
export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="ad-link-page">
      <section className="ad-card" aria-label={title}>
        <h1>{title}</h1>
        {children}
        <p>
          <a href="/">Go to {SITE_NAME}</a>
        </p>
      </section>
    </main>
  );
}
