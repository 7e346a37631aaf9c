import { useEffect, useState } from 'react';

/** A page that never paints (opened in a background tab and never shown) loads its parts after this. */
const neverPaintedAfterMs = 10_000;

let painted = false;

function paintTimingSupported(): boolean {
  return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
}

/** Resolves once the browser has painted the page's first content. */
const firstPaint = new Promise<void>((resolve) => {
  const done = () => {
    painted = true;
    resolve();
  };
  if (!paintTimingSupported()) {
    // No paint timing: after the next frame, which a frame callback and a task after it follow.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
    else setTimeout(done, 0);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    done();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    done();
  }, neverPaintedAfterMs);
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
    if (ready) return;
    let live = true;
    void firstPaint.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
