import { useId } from 'react';
import type { PublicationState } from '@contract/content';
import { TextField } from '../text-field';
import { FieldError } from '../field-error';
import { formatDate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { nzTimeZone } from '../../lib/nz-time';

/** A publish time as managers read it: in New Zealand time, and saying so. */
export function useNzTime() {
  const t = useT();
  return (iso: string) => t('manage.publication.nzTime', { when: formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: nzTimeZone }) });
}

/** Where a record stands, in a sentence: "Draft", "Scheduled for 1 Dec 2026, 9:00 am (New Zealand time)", "Published". */
export function PublicationStatus({ status, publishAt }: { status: PublicationState; publishAt: string | null }) {
  const t = useT();
  const nzTime = useNzTime();
  const text =
    status === 'draft'
      ? t('manage.publication.isDraft')
      : status === 'scheduled' && publishAt
        ? t('manage.publication.isScheduled', { when: nzTime(publishAt) })
        : t('manage.publication.isPublished');
  return <span className={`publication-status publication-status--${status}`}>{text}</span>;
}

type PublicationFieldProps = {
  status: PublicationState;
  /** A `datetime-local` value in New Zealand time. */
  publishAt: string;
  statusError?: string;
  publishAtError?: string;
  disabled?: boolean;
  onChange: (change: { status?: PublicationState; publishAt?: string }) => void;
};

const states: PublicationState[] = ['published', 'draft', 'scheduled'];

/** Publish now, keep as a draft, or schedule for a time typed in New Zealand time. */
export function PublicationField({ status, publishAt, statusError, publishAtError, disabled, onChange }: PublicationFieldProps) {
  const t = useT();
  const id = useId();
  const label = { published: t('manage.publication.published'), draft: t('manage.publication.draft'), scheduled: t('manage.publication.scheduled') };
  return (
    <fieldset className="manage-publication" aria-describedby={statusError ? `${id}-error` : undefined}>
      <legend className="field__label">{t('manage.publication.legend')}</legend>
      {states.map((state) => (
        <label key={state} className="manage-check manage-publication__choice">
          <input type="radio" name="status" value={state} checked={status === state} disabled={disabled} onChange={() => onChange({ status: state })} />
          {label[state]}
        </label>
      ))}
      <FieldError id={`${id}-error`} message={statusError} />
      {status === 'scheduled' ? (
        <TextField
          label={t('manage.publication.when')}
          hint={t('manage.publication.whenHint')}
          name="publishAt"
          type="datetime-local"
          required
          value={publishAt}
          error={publishAtError}
          readOnly={disabled}
          onChange={(event) => onChange({ publishAt: event.currentTarget.value })}
        />
      ) : null}
    </fieldset>
  );
}
