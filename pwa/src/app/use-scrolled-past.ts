import { useEffect, useState } from 'react';

/** Spec §9: the nav bar becomes sticky after the page scrolls more than 20 px. */
export const stickyNavThresholdPx = 20;

/** True while the window is scrolled more than `threshold` pixels down. */
export function useScrolledPast(threshold = stickyNavThresholdPx): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
