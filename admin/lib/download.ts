import { session } from './session';

/**
 * Downloads a file the API makes for the signed-in owner: a plain link cannot carry the Authorization header, so
 * it is fetched here and handed to the browser as a file.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await fetch(`/api${path}`, { headers: { Authorization: `JWT ${session.user?.token}` } });
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
