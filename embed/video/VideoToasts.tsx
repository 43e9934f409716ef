// The unstyled entry: the default one puts its CSS in the host page's <head>, which does not reach into the
// viewer's shadow root (and would style the partner's own toasts); the same CSS is adopted by the shadow root.
import { useRef } from 'react';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import toastCss from 'react-toastify/dist/ReactToastify.css';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';

/**
 * The library declares its colours, sizes and layers on `:root`, which matches nothing inside a shadow root: there
 * they go on the shadow root's host, and reach the toasts by inheritance.
 */
const toastCssInShadow = toastCss.replace(/:root\b/g, ':host');

/** The video chat's toasts stay until the visitor closes them. */
export function VideoToasts({ containerId }: { containerId: string }) {
  const toasts = useRef<HTMLDivElement>(null);
  useAdoptedStyles(toasts, toastCssInShadow);
  // The wrapper only tells which root the toasts are drawn in; it takes no box of its own.
  return (
    <div ref={toasts} style={{ display: 'contents' }}>
      <ToastContainer containerId={containerId} autoClose={false} position="top-center" closeOnClick draggable={false} newestOnTop />
    </div>
  );
}

/** One toast per text, so a failure reported by both planes shows once. */
export function showFailure(containerId: string, text: string): void {
  toast.error(text, { containerId, toastId: `${containerId}:${text}`, className: 'vc-error' });
}
