// The unstyled entry: the default one puts its CSS in a <style> element, which the admin page's CSP refuses. The
// same CSS comes as a stylesheet file of its own (admin/index.html), with the product's colours in admin.css.
import { ToastContainer } from 'react-toastify/unstyled';

/** Editor toasts at top centre, closing after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;

/** The owners' app's toast container. */
export function Toasts() {
  return <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
