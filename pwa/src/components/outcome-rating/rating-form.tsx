import { useState, type FormEvent } from 'react';
import { whanauOraOutcomes, type WhanauOraOutcome } from '@contract/report-card';
import { nzToday } from '../../lib/nz-time';
import { useT } from '../../i18n/use-t';
import { Button } from '../button';
import { ErrorSummary, useFormErrors } from '../form-errors';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import './outcome-rating.css';

/** What "How are we going?" gives: a day, the seven outcomes rated 1 to 5, and any words (DESIGN §4e). */
export type OutcomeRatingInput = { on: string; ratings: Record<WhanauOraOutcome, number>; comment?: string };

const points = [1, 2, 3, 4, 5] as const;
const fields = ['on', 'ratings', ...whanauOraOutcomes, 'comment'] as const;
type Field = (typeof fields)[number];
/** `ratings.teAoMaori` is the outcome's own field; `ratings` alone is the whole set. */
const fieldOf = (param: string): Field | undefined => {
  const [first, second] = param.split('.');
  if (first === 'ratings' && second && (whanauOraOutcomes as readonly string[]).includes(second)) return second as Field;
  return (fields as readonly string[]).includes(first ?? '') ? (first as Field) : undefined;
};

type RatingFormProps = {
  /** Saves the answers (queues them through the outbox); rejects with the contract's error items. */
  onSave(input: OutcomeRatingInput): Promise<void>;
  /** A kaimahi recording it at a visit may give the day; a member answers for today. */
  withDate?: boolean;
  /** Told after a save, e.g. to close the form; the caller then says it was saved. */
  onSaved?(): void;
};

/**
 * "How are we going?": the seven Whānau Ora outcomes, each from 1 to 5 with the words for each
 * point, in one form a whānau member fills in on their phone and a kaimahi with the whānau at a
 * visit. Each outcome is a group of five radio buttons, so it works by touch, keyboard and reader.
 */
export function OutcomeRatingForm({ onSave, withDate = false, onSaved }: RatingFormProps) {
  const t = useT();
  const [ratings, setRatings] = useState<Partial<Record<WhanauOraOutcome, number>>>({});
  const [on, setOn] = useState(() => nzToday());
  const [comment, setComment] = useState('');
  const [saved, setSaved] = useState(false);
  const errors = useFormErrors(fields, [], { fieldOf });

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    setSaved(false);
    const missing = whanauOraOutcomes.filter((outcome) => ratings[outcome] === undefined);
    if (missing.length > 0) {
      errors.show([], Object.fromEntries(missing.map((outcome) => [outcome, [t('voice.chooseEach')]])));
      return;
    }
    const trimmed = comment.trim();
    if (await errors.send(() => onSave({ on, ratings: ratings as Record<WhanauOraOutcome, number>, ...(trimmed ? { comment: trimmed } : {}) }))) {
      setRatings({});
      setComment('');
      setSaved(true);
      onSaved?.();
    }
  }

  return (
    <form className="outcome-rating" onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary state={errors} />
      <p className="outcome-rating__lead">{t('voice.lead')}</p>
      {withDate && (
        <TextField
          label={t('voice.on')}
          name="on"
          type="date"
          value={on}
          max={nzToday()}
          onChange={(event) => setOn(event.target.value)}
          error={errors.errorOf('on')}
        />
      )}
      {whanauOraOutcomes.map((outcome) => {
        const error = errors.errorOf(outcome);
        return (
          <fieldset
            key={outcome}
            className={`outcome-rating__outcome${error ? ' outcome-rating__outcome--error' : ''}`}
            aria-describedby={error ? `${outcome}-error` : undefined}
          >
            <legend>{t(`voice.outcome.${outcome}`)}</legend>
            {error && (
              <p id={`${outcome}-error`} className="field__error">
                {error}
              </p>
            )}
            <div className="outcome-rating__points">
              {points.map((point) => (
                <label key={point} className="outcome-rating__point">
                  <input
                    type="radio"
                    name={outcome}
                    value={point}
                    checked={ratings[outcome] === point}
                    onChange={() => setRatings((now) => ({ ...now, [outcome]: point }))}
                  />
                  <span className="outcome-rating__number">{point}</span>
                  <span className="outcome-rating__words">{t(`voice.point.${point}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <TextArea
        label={t('voice.comment')}
        name="comment"
        rows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={errors.errorOf('comment')}
      />
      <div className="outcome-rating__actions">
        <Button type="submit" disabled={errors.saving}>
          {t('voice.save')}
        </Button>
        {saved && !onSaved && (
          <p className="outcome-rating__saved" role="status">
            {t('voice.saved')}
          </p>
        )}
      </div>
    </form>
  );
}
