import { Link } from 'react-router-dom';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import './manage-site.css';

export type ChecklistStep = {
  label: MessageKey;
  done: boolean;
  /** Another management page, or (with `inPage`) a section of /manage itself. */
  to: string;
  inPage?: boolean;
};

/**
 * The first steps of a new install for a manager: set the trust's details, add the first team
 * entry, write the first post, add carousel features, open the services the trust runs. Shown
 * until every step is done; hidden while any step is still unknown, so it never flashes.
 */
export function FirstRunChecklist({ steps }: { steps: readonly (ChecklistStep | null)[] }) {
  const t = useT();
  if (steps.some((step) => step === null)) return null;
  const known = steps as readonly ChecklistStep[];
  const done = known.filter((step) => step.done).length;
  if (done === known.length) return null;
  return (
    <section className="checklist manage-card" aria-labelledby="checklist-title">
      <h2 id="checklist-title" className="manage-card__title">
        {t('manage.checklist.title')}
      </h2>
      <p className="manage-card__lead">{t('manage.checklist.progress', { done, count: known.length })}</p>
      <ol className="checklist__steps">
        {known.map((step) => (
          <li key={step.label} className={`checklist__step${step.done ? ' checklist__step--done' : ''}`}>
            <span className="checklist__mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            {step.inPage ? <a href={step.to}>{t(step.label)}</a> : <Link to={step.to}>{t(step.label)}</Link>}
            <span className="visually-hidden"> {step.done ? t('manage.checklist.done') : t('manage.checklist.toDo')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
