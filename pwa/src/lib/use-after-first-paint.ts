import { useEffect, useState } from 'react';

/** A page that never paints (opened in a background tab and never shown) goes on after this. */
const neverPaintedAfterMs = 10_000;

/**
 * True on the server and in a page the server rendered (DESIGN §10): its first content is in the
 * HTML, so what waits for the first paint is part of the page's first render, as on the server.
 */
export const serverRendered = typeof document === 'undefined' || document.getElementById('ssr-data') !== null;

let painted = serverRendered;

/** Resolves once the browser has painted the page's first content. */
export const firstPaint = new Promise<void>((resolve) => {
  const done = () => {
    painted = true;
    resolve();
  };
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    // No Paint Timing (no browser the trust's visitors use): after the task that renders.
    setTimeout(done);
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    done();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(done, neverPaintedAfterMs);
});

/**
 * False until the browser has painted the page's first content, then true. Parts that are not on
 * the first screen (the footer, what lies below the home banner, the update notice) mount, and so
 * fetch their chunks, only then: fetched before, they compete with the first paint for a slow
 * phone's connection and processor (issue 12, decision 070). Later in the visit, true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    // Setting the state of a page already left is harmless (React ignores it).
    void firstPaint.then(() => setReady(true));
  }, []);
  return ready;
}
