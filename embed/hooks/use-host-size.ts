import { useEffect, useState } from 'react';

/** The element's own width: a viewer in a narrow column of a partner page is "mobile" whatever the screen. */
export function useHostWidth(host: Element | undefined): number {
  const [width, setWidth] = useState(() => host?.getBoundingClientRect().width ?? 1024);
  useEffect(() => {
    if (!host) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(host);
    return () => observer.disconnect();
  }, [host]);
  return width;
}
