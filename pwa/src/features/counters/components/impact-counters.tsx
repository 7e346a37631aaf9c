import { useEffect, useLayoutEffect, useRef } from 'react';
import { Icon } from '../../../components/icon';
import type { CounterItem } from '../../../content/site';
import { SpecText } from '../../../i18n/spec-text';
import { counterIntervalMs, counterSteps, counterValueAt, formatCounter } from '../counter-steps';
import './impact-counters.css';

/** Every browser the app supports has `matchMedia` (as it has IntersectionObserver, below). */
function prefersReducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Writes each counter's number at `step` straight into the page. */
function showStep(list: HTMLUListElement | null, items: readonly CounterItem[], step: number): void {
  const values = list?.querySelectorAll<HTMLElement>('.impact-counter__value') ?? [];
  values.forEach((value, index) => {
    const item = items[index];
    if (item) value.textContent = formatCounter(item.prefix, counterValueAt(item.target, step), item.postfix);
  });
}

/**
 * The home banner's counters. They count up once, when they come into view; with reduced
 * motion they show the final numbers at once. The moving digits are written straight into the
 * page (400 steps × 8 counters would otherwise be 400 React renders in 8 s) and hidden from
 * screen readers, which read only the final number and label, so nothing is announced 400 times.
 * A render with the same figures changes nothing of them: the value spans have no children for
 * React to reset, and the effects run only when the figures change.
 */
export function ImpactCounters({ items }: { items: readonly CounterItem[] }) {
  const list = useRef<HTMLUListElement>(null);
  // The figures may change while the numbers count (the API's arrive after the first paint,
  // DESIGN §4d): the count goes on from the step it is at, towards the new targets.
  const latest = useRef(items);
  const step = useRef(0);

  // Before the first paint, and whenever the figures change: each counter shows where it is (0
  // at first, or its target with reduced motion or once the count is done).
  useLayoutEffect(() => {
    latest.current = items;
    if (prefersReducedMotion()) step.current = counterSteps;
    showStep(list.current, items, step.current);
  }, [items]);

  useEffect(() => {
    const element = list.current;
    if (!element || prefersReducedMotion()) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Every browser the app supports has IntersectionObserver (Chromium 51, Safari 12.1, Firefox 55);
    // it is disconnected at the first sight, so the count starts once.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        timer = setInterval(() => {
          step.current += 1;
          showStep(element, latest.current, step.current);
          if (step.current >= counterSteps) clearInterval(timer);
        }, counterIntervalMs);
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, []);

  return (
    <ul className="impact-counters" ref={list}>
      {items.map((item) => {
        const target = formatCounter(item.prefix, item.target, item.postfix);
        return (
          <li key={item.text} className="impact-counter">
            <span className="impact-counter__icon" aria-hidden="true">
              <Icon name={item.image} />
            </span>
            {/* Written by the effects above, never by React: the text changes 400 times. */}
            <span className="impact-counter__value" aria-hidden="true" data-target={target} />
            <span className="visually-hidden">{target} </span>
            <span className="impact-counter__label">
              <SpecText id={item.text} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
