import { useEffect, useState } from 'react';

export type LoadingMode = 'auto' | 'lazy' | 'eager';

export function parseLoading(value: string | undefined): LoadingMode {
  return value === 'lazy' || value === 'eager' ? value : 'auto';
}

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
      { rootMargin: mode === 'auto' ? '300px' : '0px' },
    );
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, mode, started]);
  return started;
}
