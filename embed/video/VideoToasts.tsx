// The unstyled entry: the default one puts its CSS in the host page's <head>, which does not reach into the
// viewer's shadow root (and would style the partner's own toasts); the same CSS goes in as a <style> below.
import { toast, ToastContainer } from 'react-toastify/unstyled';
import toastCss from 'react-toastify/dist/ReactToastify.css';

/** The video chat's toasts stay until the visitor closes them. */
export function VideoToasts({ containerId }: { containerId: string }) {
  return (
    <>
      <style>{toastCss}</style>
      <ToastContainer containerId={containerId} autoClose={false} position="top-center" closeOnClick draggable={false} newestOnTop />
    </>
  );
}

/** One toast per text, so a failure reported by both planes shows once. */
export function showFailure(containerId: string, text: string): void {
  toast.error(text, { containerId, toastId: `${containerId}:${text}`, className: 'vc-error' });
}
