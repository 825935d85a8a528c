import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within a quarter of a screen of the visible part of the page;
 * once true, it stays true. What is drawn only then costs the first screen nothing while it is a
 * scroll away (on a phone, the dashboard's chart: recharts is the app's largest library, and
 * loading and drawing it was the longest main-thread task of the dashboard's load).
 */
export function useNearScreen(ref: RefObject<Element | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
