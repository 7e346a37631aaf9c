import { contactMethods, type ContactMethod, type PrivacyStatement } from '@contract/enrolment-form';
import type { ApiErrorItem } from '@contract/errors';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/field-error';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { LocalStorageFullError, OutboxValidationError } from '../../../lib/save-errors';
import { useHydrated } from '../../../lib/use-hydrated';
import { emptyEnrolmentValues, enrolmentFieldOrder, type EnrolmentDraftBody, type EnrolmentField, type EnrolmentFormValues } from '../enrolment-form-values';
import { Rich } from '../../../i18n/rich-text';
import { shownList } from '../../../i18n/content-text';
import { useLanguage, useT } from '../../../i18n/use-t';
import type { MessageKey } from '../../../i18n/i18n';
import './enrolment.css';

/** The schema check (with zod) comes when the person starts filling in the form, not with the page. */
const loadCheck = () => import('../enrolment-check');

const contactLabels: Record<ContactMethod, MessageKey> = { phone: 'form.contact.phone', email: 'form.contact.email', text: 'form.contact.text' };

type EnrolmentFormProps = {
  serviceKey: string;
  /** The privacy statement as published now (`usePrivacyStatement`): shown, and its version sent with the consent. */
  statement: PrivacyStatement;
  /** Filled in again when fixing an item the server refused. */
  initialValues?: EnrolmentFormValues;
  /** The server's errors for that item, shown on their fields at first. */
  initialErrors?: readonly ApiErrorItem[];
  submitLabel?: string;
  /** Saves the checked enrolment (to the outbox). May throw OutboxValidationError or LocalStorageFullError. */
  onSubmit: (draft: EnrolmentDraftBody) => Promise<void>;
  onCancel?: () => void;
  /** Called once, when the person first moves into the form: time to fetch what sending needs. */
  onStart?: () => void;
};

/**
 * The enrolment form: every field checked with the contract's schema before anything is saved,
 * each problem shown on its field, the focus on the first one. The consent box starts unticked.
 */
export function EnrolmentForm({ serviceKey, statement, initialValues, initialErrors, submitLabel, onSubmit, onCancel, onStart }: EnrolmentFormProps) {
  const t = useT();
  const hydrated = useHydrated();
  const language = useLanguage();
  const statementText = shownList(language, statement.en, statement.mi);
  const formId = useId();
  const fieldId = (field: EnrolmentField) => `enrol-${field}${formId.replace(/:/g, '')}`;
  const [values, setValues] = useState<EnrolmentFormValues>(initialValues ?? emptyEnrolmentValues);
  // Each problem on its field and in the summary, in the reader's language (by its code).
  const formErrors = useFormErrors(enrolmentFieldOrder, initialErrors);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const started = useRef(false);
  const { errorOf } = formErrors;

  function update(field: Exclude<EnrolmentField, 'consent' | 'preferredContact'>) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((current) => ({ ...current, [field]: event.target.value }));
  }

  /** The check (and whatever the page saves with) loads while the person types, ready for "Enrol". */
  function start() {
    if (started.current) return;
    started.current = true;
    void loadCheck().catch(() => undefined);
    onStart?.();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaveProblem(null);
    setSaving(true);
    try {
      const { checkEnrolment } = await loadCheck();
      const check = checkEnrolment(values, serviceKey, statement.version);
      if (!check.ok) {
        formErrors.show(check.errors);
        return;
      }
      formErrors.clear();
      await onSubmit(check.draft);
      // The details now live in the outbox only; the form lets them go.
      setValues(emptyEnrolmentValues);
    } catch (error) {
      if (error instanceof OutboxValidationError) formErrors.show(error.errors);
      else if (error instanceof LocalStorageFullError) setSaveProblem(t('form.storageFull'));
      else setSaveProblem(t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  const describedBy = (field: EnrolmentField, hintId?: string) =>
    [hintId, errorOf(field) ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className="enrol-form" noValidate onSubmit={submit} onFocus={start} aria-label={t('form.label')}>
      {saveProblem ? (
        <div className="error-summary" role="alert">
          <p className="error-summary__title">{saveProblem}</p>
        </div>
      ) : (
        <ErrorSummary state={formErrors} />
      )}

      {/* Not to be filled in before the app has taken over a page the server rendered: what was typed
          before would be lost to the form's own state (decision 096). A plain fieldset, no box of its own. */}
      <fieldset className="enrol-form__fields" disabled={!hydrated}>
        <fieldset className="enrol-form__group">
          <legend className="enrol-form__legend">{t('form.aboutYou')}</legend>
          <div className="enrol-form__row">
            <TextField
              id={fieldId('givenName')}
              label={t('form.givenName')}
              name="givenName"
              autoComplete="given-name"
              value={values.givenName}
              onChange={update('givenName')}
              error={errorOf('givenName')}
            />
            <TextField
              id={fieldId('familyName')}
              label={t('form.familyName')}
              name="familyName"
              autoComplete="family-name"
              value={values.familyName}
              onChange={update('familyName')}
              error={errorOf('familyName')}
            />
          </div>
          <div className="enrol-form__row">
            <TextField
              id={fieldId('dateOfBirth')}
              label={t('form.dateOfBirth')}
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              value={values.dateOfBirth}
              onChange={update('dateOfBirth')}
              error={errorOf('dateOfBirth')}
            />
            <TextField
              id={fieldId('suburb')}
              label={t('form.suburb')}
              name="suburb"
              autoComplete="address-level2"
              value={values.suburb}
              onChange={update('suburb')}
              error={errorOf('suburb')}
            />
          </div>
          <div className="enrol-form__row">
            <TextField id={fieldId('iwi')} label={<Rich id="form.iwi" />} name="iwi" value={values.iwi} onChange={update('iwi')} error={errorOf('iwi')} />
            <TextField
              id={fieldId('householdSize')}
              label={t('form.householdSize')}
              name="householdSize"
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              value={values.householdSize}
              onChange={update('householdSize')}
              error={errorOf('householdSize')}
            />
          </div>
        </fieldset>

        <fieldset className="enrol-form__group">
          <legend className="enrol-form__legend">{t('form.reachYou')}</legend>
          <p className="enrol-form__note">{t('form.reachNote')}</p>
          <div className="enrol-form__row">
            <TextField
              id={fieldId('phone')}
              label={t('form.phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={update('phone')}
              error={errorOf('phone')}
            />
            <TextField
              id={fieldId('email')}
              label={t('form.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={update('email')}
              error={errorOf('email')}
            />
          </div>
          <fieldset className={`enrol-choice${errorOf('preferredContact') ? ' enrol-choice--invalid' : ''}`} aria-describedby={describedBy('preferredContact')}>
            <legend className="field__label">{t('form.preferredContact')}</legend>
            <div className="enrol-choice__options">
              {contactMethods.map((method, index) => (
                <label key={method} className="enrol-choice__option">
                  <input
                    type="radio"
                    name="preferredContact"
                    value={method}
                    id={index === 0 ? fieldId('preferredContact') : undefined}
                    checked={values.preferredContact === method}
                    aria-invalid={errorOf('preferredContact') ? true : undefined}
                    onChange={() => setValues((current) => ({ ...current, preferredContact: method }))}
                  />
                  <span>{t(contactLabels[method])}</span>
                </label>
              ))}
            </div>
            <FieldError id={`${fieldId('preferredContact')}-error`} message={errorOf('preferredContact')} />
          </fieldset>
        </fieldset>

        <TextArea
          id={fieldId('message')}
          label={t('form.message')}
          name="message"
          rows={4}
          value={values.message}
          onChange={update('message')}
          error={errorOf('message')}
        />

        <section className="enrol-statement" aria-labelledby={`${formId}-statement`}>
          <h2 className="enrol-statement__title" id={`${formId}-statement`}>
            {t('form.privacy')}
          </h2>
          <p className="enrol-statement__version">{t('form.privacyVersion', { version: statement.version })}</p>
          {/* The trust's own statement, the version a person consents to: in te reo Māori where published so, else English. */}
          <div lang={statementText.lang ?? (language === 'mi' ? undefined : 'en-NZ')}>
            {statementText.text.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>

        <div className={`enrol-consent${errorOf('consent') ? ' enrol-consent--invalid' : ''}`}>
          <input
            id={fieldId('consent')}
            type="checkbox"
            name="consent"
            checked={values.consent}
            aria-invalid={errorOf('consent') ? true : undefined}
            aria-describedby={describedBy('consent')}
            onChange={(event) => setValues((current) => ({ ...current, consent: event.target.checked }))}
          />
          <label htmlFor={fieldId('consent')}>{t('form.consent')}</label>
          <FieldError id={`${fieldId('consent')}-error`} message={errorOf('consent')} />
        </div>
      </fieldset>

      <div className="enrol-form__actions">
        {/* Not before the app has taken over a page the server rendered: a plain form would put
            the person's details in the address (decision 096). */}
        <Button type="submit" size="lg" disabled={saving || !hydrated}>
          {saving ? t('form.saving') : (submitLabel ?? t('form.submit'))}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
      </div>
      <p className="enrol-form__note">{t('form.savedFirst')}</p>
    </form>
  );
}
