import { useEffect, useRef, useState } from 'react';
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
 * motion they show the final numbers at once. Screen readers get only the final number and
 * label (the moving digits are hidden from them), so nothing is announced 400 times.
 */
export function ImpactCounters({ items }: { items: readonly CounterItem[] }) {
  const [step, setStep] = useState(() => (prefersReducedMotion() ? counterSteps : 0));
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (step >= counterSteps || !list.current) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      timer ??= setInterval(() => {
        setStep((current) => {
          const next = current + 1;
          if (next >= counterSteps && timer) clearInterval(timer);
          return Math.min(next, counterSteps);
        });
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
    if (observer) observer.observe(list.current);
    else start();
    return () => {
      observer?.disconnect();
      if (timer) clearInterval(timer);
    };
    // Runs once on mount: the interval itself moves `step` on.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately mount-only, as said above
  }, []);

  return (
    <ul className="impact-counters" ref={list}>
      {items.map((item) => (
        <li key={item.text} className="impact-counter">
          <span className="impact-counter__icon" aria-hidden="true">
            <Icon name={item.image} />
          </span>
          <span className="impact-counter__value" aria-hidden="true" data-target={formatCounter(item.prefix, item.target, item.postfix)}>
            {formatCounter(item.prefix, counterValueAt(item.target, step), item.postfix)}
          </span>
          <span className="visually-hidden">{formatCounter(item.prefix, item.target, item.postfix)} </span>
          <span className="impact-counter__label">
            <SpecText id={item.text} />
          </span>
        </li>
      ))}
    </ul>
  );
}
