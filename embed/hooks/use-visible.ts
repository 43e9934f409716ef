import { useEffect, useState } from 'react';
import { START_MARGIN_PX, type LoadingMode } from '../element/loading-mode';

/** True once the element is on screen (`lazy`), near it (`auto`), or at once (`eager`). */
export function useStartWhenVisible(host: Element | undefined, mode: LoadingMode): boolean {
  const [started, setStarted] = useState(mode === 'eager');
  useEffect(() => {
    if (started || !host) return;
    if (mode === 'eager') return setStarted(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setStarted(true);
      },
      { rootMargin: `${START_MARGIN_PX[mode]}px` },
    );
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, mode, started]);
  return started;
}
