import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import type { ClientChanges, Conflict } from '../api/types';
import { displayValue, resolvedChanges, type Choice } from '../client-form-values';
import { fieldLabelKey } from './labels';

type ConflictResolverProps = {
  conflicts: readonly Conflict[];
  pending: ClientChanges;
  saving: boolean;
  error: unknown;
  onResolve: (changes: ClientChanges) => void;
  onDiscard: () => void;
  /** Who last changed the server's record and when ("Changed by Mere, 23 Nov 2026, 10:04"). */
  changedBy?: string;
  /** Where "mine" comes from, when it is not the form just sent (an edit saved on this device). */
  mineNote?: string;
};

/** The choices are not fields of a request: every problem of a resend is listed above them, with the field it names. */
const noFields: readonly never[] = [];

const labelOf = (field: string) => fieldLabelKey[field as keyof typeof fieldLabelKey];

/** Each clashing field with the kaimahi's value beside the server's: keep one, or type another. */
export function ConflictResolver({ conflicts, pending, saving, error, onResolve, onDiscard, changedBy, mineNote }: ConflictResolverProps) {
  const t = useT();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const errors = useFormErrors(noFields);
  const { showFailure, clear } = errors;
  useEffect(() => {
    if (error) showFailure(error);
    else clear();
  }, [error, showFailure, clear]);
  // The changes that did not clash go with the choices, unchanged.
  const alsoSent = Object.keys(pending).filter((field) => !conflicts.some((conflict) => conflict.field === field));
  const shown = (value: unknown) => displayValue(value) || t('clients.conflict.empty');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onResolve(resolvedChanges(pending, conflicts, choices));
  }

  return (
    <section className="clients-card conflict" aria-labelledby="conflict-heading">
      <h2 id="conflict-heading" ref={headingRef} tabIndex={-1}>
        {t('clients.conflict.title')}
      </h2>
      <p>{t('clients.conflict.lead', { count: conflicts.length })}</p>
      {alsoSent.length > 0 && (
        <p className="conflict__also">
          {t('clients.conflict.alsoSaved', { fields: alsoSent.map((field) => (labelOf(field) ? t(labelOf(field)) : field)).join(', ') })}
        </p>
      )}
      <form noValidate onSubmit={handleSubmit}>
        <ErrorSummary state={errors} />
        {conflicts.map((conflict) => {
          const choice = choices[conflict.field] ?? { keep: 'mine' };
          const label = labelOf(conflict.field) ? t(labelOf(conflict.field)) : conflict.field;
          const set = (next: Choice) => setChoices((current) => ({ ...current, [conflict.field]: next }));
          const name = `conflict-${conflict.field}`;
          return (
            <fieldset key={conflict.field} className="conflict__field">
              <legend>{label}</legend>
              <div className="conflict__values">
                <div className="conflict__value">
                  <p className="conflict__who">{t('clients.conflict.mine')}</p>
                  <p className="conflict__text" data-testid={`mine-${conflict.field}`}>
                    {shown(conflict.mine)}
                  </p>
                  {mineNote && <p className="conflict__meta">{mineNote}</p>}
                </div>
                <div className="conflict__value conflict__value--theirs">
                  <p className="conflict__who">{t('clients.conflict.theirs')}</p>
                  <p className="conflict__text" data-testid={`theirs-${conflict.field}`}>
                    {shown(conflict.theirs)}
                  </p>
                  {changedBy && <p className="conflict__meta">{changedBy}</p>}
                </div>
              </div>
              <div className="conflict__choices">
                <label className="conflict__choice">
                  <input type="radio" name={name} checked={choice.keep === 'mine'} onChange={() => set({ keep: 'mine' })} />
                  {t('clients.conflict.keepMine')}
                </label>
                <label className="conflict__choice">
                  <input type="radio" name={name} checked={choice.keep === 'theirs'} onChange={() => set({ keep: 'theirs' })} />
                  {t('clients.conflict.keepTheirs')}
                </label>
                <label className="conflict__choice">
                  <input
                    type="radio"
                    name={name}
                    checked={choice.keep === 'other'}
                    onChange={() => set({ keep: 'other', value: displayValue(conflict.mine) })}
                  />
                  {t('clients.conflict.other')}
                </label>
                {choice.keep === 'other' && (
                  <label className="conflict__other">
                    <span>{t('clients.conflict.otherValue', { field: label })}</span>
                    <input className="field__input" value={choice.value} onChange={(event) => set({ keep: 'other', value: event.currentTarget.value })} />
                  </label>
                )}
              </div>
            </fieldset>
          );
        })}
        <div className="client-form__actions">
          <Button type="submit" disabled={saving}>
            {saving ? t('clients.saving') : t('clients.conflict.save')}
          </Button>
          <Button variant="ghost" onClick={onDiscard}>
            {t('clients.conflict.discard')}
          </Button>
        </div>
      </form>
    </section>
  );
}
