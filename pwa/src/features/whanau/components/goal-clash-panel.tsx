import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GoalArea, GoalStatus } from '@contract/whanau';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { formatDate } from '../../../i18n/i18n';
import { plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import type { WhanauItem } from '../offline/whanau-items';
import { discardItem, queueClashResolution } from '../offline/whanau-writes';
import { areaLabel, statusLabel } from './labels';

const fieldLabel = {
  status: 'whanau.goal.status',
  targetDate: 'whanau.goal.targetDate',
  text: 'whanau.goal.text',
  area: 'whanau.goal.area',
  clientId: 'whanau.goal.for',
  name: 'whanau.field.name',
  notes: 'whanau.field.notes',
} as const;

/**
 * A goal's edit (or the whānau's own: `whanau.update`) saved on this device that the server could
 * not apply, because someone changed the same fields meanwhile: each clashing field with what this
 * kaimahi chose beside what the server holds now, as the client clash panel shows them. The choice
 * goes out as a new edit on the record's current version, with the fields that did not clash.
 */
export function GoalClashPanel({ item, goalText }: { item: WhanauItem; goalText: string }) {
  const t = useT();
  const [keep, setKeep] = useState<Record<string, 'mine' | 'theirs'>>({});
  const form = useFormErrors([] as const);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!item.conflict) return null;
  const { conflicts, record } = item.conflict;
  const mine: Record<string, unknown> = item.change?.kind === 'goal.update' || item.change?.kind === 'whanau.update' ? item.change.changes : {};
  const ofWhanau = item.change?.kind === 'whanau.update';
  const untouched = Object.keys(mine).filter((field) => !conflicts.some((conflict) => conflict.field === field));

  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('whanau.clash.empty');
    if (field === 'status' && typeof value === 'string' && value in statusLabel) return plainText(t(statusLabel[value as GoalStatus]));
    if (field === 'area' && typeof value === 'string' && value in areaLabel) return plainText(t(areaLabel[value as GoalArea]));
    if (field === 'targetDate' && typeof value === 'string') return formatDate(value);
    return String(value);
  };
  const labelOf = (field: string) => (field in fieldLabel ? t(fieldLabel[field as keyof typeof fieldLabel]) : field);

  const run = form.send;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = Object.fromEntries(
      conflicts.filter((conflict) => (keep[conflict.field] ?? 'mine') === 'mine').map((conflict) => [conflict.field, conflict.mine]),
    );
    void run(() => queueClashResolution(item._id, changes, record.version, untouched));
  }

  return (
    <section className="whanau-card whanau-clash whanau-noprint" aria-labelledby={`clash-${item._id}`}>
      <h2 id={`clash-${item._id}`} ref={headingRef} tabIndex={-1}>
        {ofWhanau ? t('whanau.clash.titleWhanau') : t('whanau.clash.title')}
      </h2>
      <p>
        {ofWhanau
          ? t('whanau.clash.leadWhanau', { time: formatDate(record.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) })
          : t('whanau.clash.lead', { goal: goalText, time: formatDate(record.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </p>
      <form noValidate onSubmit={handleSubmit}>
        <ErrorSummary state={form} />
        {conflicts.map((conflict) => {
          const choice = keep[conflict.field] ?? 'mine';
          const name = `goal-clash-${item._id}-${conflict.field}`;
          return (
            <fieldset key={conflict.field} className="whanau-clash__field">
              <legend>{labelOf(conflict.field)}</legend>
              <div className="whanau-clash__values">
                <div className="whanau-clash__value">
                  <p className="whanau-clash__who">{t('whanau.clash.mine')}</p>
                  <p className="whanau-clash__text" data-testid={`goal-mine-${conflict.field}`}>
                    {shown(conflict.field, conflict.mine)}
                  </p>
                </div>
                <div className="whanau-clash__value whanau-clash__value--theirs">
                  <p className="whanau-clash__who">{t('whanau.clash.theirs')}</p>
                  <p className="whanau-clash__text" data-testid={`goal-theirs-${conflict.field}`}>
                    {shown(conflict.field, conflict.theirs)}
                  </p>
                </div>
              </div>
              <div className="whanau-choice whanau-choice--inline">
                <label>
                  <input
                    type="radio"
                    name={name}
                    checked={choice === 'mine'}
                    onChange={() => setKeep((current) => ({ ...current, [conflict.field]: 'mine' }))}
                  />{' '}
                  {t('whanau.clash.keepMine')}
                </label>
                <label>
                  <input
                    type="radio"
                    name={name}
                    checked={choice === 'theirs'}
                    onChange={() => setKeep((current) => ({ ...current, [conflict.field]: 'theirs' }))}
                  />{' '}
                  {t('whanau.clash.keepTheirs')}
                </label>
              </div>
            </fieldset>
          );
        })}
        <div className="whanau-form__actions">
          <Button type="submit" disabled={form.saving}>
            {t('whanau.clash.save')}
          </Button>
          <Button variant="ghost" disabled={form.saving} onClick={() => void run(() => discardItem(item._id))}>
            {t('whanau.clash.discard')}
          </Button>
        </div>
      </form>
    </section>
  );
}
