import { toast } from 'react-toastify/unstyled';
import type { ErrorBody } from '../../api/schema/errors';
import { session } from './session';

/**
 * Downloads a file the API makes for the signed-in owner: a plain link cannot carry the Authorization header, so
 * it is fetched here and handed to the browser as a file. A refusal (the one error shape) is told, never saved
 * as the file.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: { Authorization: `JWT ${session.user?.token}` } });
  } catch {
    toast.error('The file could not be downloaded: Not Connected to Internet');
    return;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    toast.error(`The file could not be downloaded: ${body.error?.message ?? response.statusText}`);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
