import { ToastContainer } from 'react-toastify';
import toastCss from 'react-toastify/dist/ReactToastify.css';

/** Editor toasts at top centre, closing after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;

/** The owners' app's toast container; its colours are set in admin.css. */
export function Toasts() {
  return (
    <>
      <style>{toastCss}</style>
      <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} />
    </>
  );
}
