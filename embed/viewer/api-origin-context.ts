import { createContext, useContext } from 'react';
import { absoluteUrl, SCRIPT_ORIGIN } from '../element/api-origin';

/**
 * The tour server of the element a component is rendered in (the viewer provides it). Outside a viewer, as in the
 * admin's previews, the server the script came from.
 */
export const ApiOriginContext = createContext<string>(SCRIPT_ORIGIN);

export const useApiOrigin = (): string => useContext(ApiOriginContext);

/** Makes the tour answer's media addresses (paths on its server, or a CDN's addresses) absolute. */
export function useMediaUrl(): (url: string) => string {
  const apiOrigin = useApiOrigin();
  return (url) => absoluteUrl(url, apiOrigin);
}
