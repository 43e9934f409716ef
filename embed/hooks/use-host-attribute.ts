import { useSyncExternalStore } from 'react';
import type { TourViewerAttribute } from '../element/element-contract';

/**
 * An attribute of the element as it is now (null when absent), read directly: the React wrapper passes only
 * non-empty values and keeps a removed attribute's last one, so a bare or removed attribute would go unseen.
 */
export function useHostAttribute(host: Element, name: TourViewerAttribute): string | null {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed);
      observer.observe(host, { attributes: true, attributeFilter: [name] });
      return () => observer.disconnect();
    },
    () => host.getAttribute(name),
  );
}
