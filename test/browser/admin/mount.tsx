import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import toastCss from 'react-toastify/dist/ReactToastify.css';
import adminCss from '../../../admin/styles/admin.css';
import { until } from '../embed/support/render';

/** Renders a piece of the owners' app with the stylesheets its page links, in their order, into the page; call the returned function to remove it. */
export function mount(node: ReactNode): { host: HTMLElement; unmount: () => void } {
  const host = document.createElement('div');
  const style = Object.assign(document.createElement('style'), { textContent: `${toastCss}\n${adminCss}` });
  document.body.append(style, host);
  const root = createRoot(host);
  root.render(node);
  return {
    host,
    unmount: () => {
      root.unmount();
      host.remove();
      style.remove();
    },
  };
}

/** Real events drive these tests outside act(): poll until React has rendered what is expected. */
export async function waitFor(check: () => boolean, what: string): Promise<void> {
  await until(check, what);
}
