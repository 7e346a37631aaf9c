import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { Icon } from '../../../components/icon';
import type { CounterItem } from '../../../content/site';
import { SpecText } from '../../../i18n/spec-text';
import { counterIntervalMs, counterSteps, counterValueAt, formatCounter } from '../counter-steps';
import './impact-counters.css';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home banner's counters. They count up once, when they come into view; with reduced
 * motion they show the final numbers at once. The moving digits are written straight into the
 * page (400 steps × 8 counters would otherwise be 400 React renders in 8 s) and hidden from
 * screen readers, which read only the final number and label, so nothing is announced 400 times.
 */
export const ImpactCounters = memo(function ImpactCounters({ items }: { items: readonly CounterItem[] }) {
  const list = useRef<HTMLUListElement>(null);

  // Before the first paint: each counter shows where it starts (0, or its target with reduced motion).
  useLayoutEffect(() => {
    const values = list.current?.querySelectorAll<HTMLElement>('.impact-counter__value') ?? [];
    const start = prefersReducedMotion() ? counterSteps : 0;
    values.forEach((value, index) => {
      const item = items[index];
      if (item) value.textContent = formatCounter(item.prefix, counterValueAt(item.target, start), item.postfix);
    });
  }, [items]);

  useEffect(() => {
    const element = list.current;
    if (!element || prefersReducedMotion()) return;
    const values = [...element.querySelectorAll<HTMLElement>('.impact-counter__value')];
    let step = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const show = () =>
      values.forEach((value, index) => {
        const item = items[index];
        if (item) value.textContent = formatCounter(item.prefix, counterValueAt(item.target, step), item.postfix);
      });
    const start = () => {
      timer ??= setInterval(() => {
        step = Math.min(step + 1, counterSteps);
        show();
        if (step >= counterSteps) clearInterval(timer);
      }, counterIntervalMs);
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) {
              start();
              observer?.disconnect();
            }
          })
        : undefined;
    if (observer) observer.observe(element);
    else start();
    return () => {
      observer?.disconnect();
      clearInterval(timer);
    };
  }, [items]);

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
});
