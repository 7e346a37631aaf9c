import { TextField } from '../../../components/text-field';
import { TextArea } from '../../../components/text-area';
import { SelectField } from '../../../components/select-field';
import { useT } from '../../../i18n/use-t';
import { consentHowChosen, consentHows, type ClientFormField, type ClientFormValues } from '../client-form-values';
import { useStatementVersions } from '../offline/statement-versions';
import { consentHowKey, fieldLabelKey } from './labels';

type ClientFieldsProps = {
  values: ClientFormValues;
  /** The problem(s) to show on a field (useFormErrors' `errorOf`). */
  errorOf: (field: ClientFormField) => string | undefined;
  disabled?: boolean;
  onChange: (field: keyof ClientFormValues, value: string) => void;
};

/** Every field of a client record (DESIGN §4b), each labelled, with its problem beside it. */
export function ClientFields({ values, errorOf, disabled, onChange }: ClientFieldsProps) {
  const t = useT();
  const statements = useStatementVersions();
  const base = (field: ClientFormField) => ({
    name: field,
    label: t(fieldLabelKey[field]),
    value: values[field],
    error: errorOf(field),
    onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
  });
  const common = (field: ClientFormField) => ({ ...base(field), readOnly: disabled });
  // Today's New Zealand day and the statement published now (as the server last said, kept on this device).
  const chooseHow = (how: string) => {
    const chosen = consentHows.find((one) => one === how) ?? '';
    const changes = consentHowChosen(values, chosen, statements.current);
    for (const field of ['consentHow', 'consentAt', 'consentStatementVersion'] as const) {
      const value = changes[field];
      if (value !== undefined) onChange(field, value);
    }
  };
  const versions: string[] = [...statements.versions];
  if (values.consentStatementVersion && !versions.includes(values.consentStatementVersion)) versions.push(values.consentStatementVersion);
  return (
    <div className="client-fields">
      <fieldset className="client-fields__group">
        <legend>{t('clients.group.person')}</legend>
        <TextField {...common('givenName')} required autoComplete="off" />
        <TextField {...common('familyName')} required autoComplete="off" />
        <TextField {...common('preferredName')} autoComplete="off" />
        <TextField {...common('dateOfBirth')} type="date" />
        <TextField {...common('iwi')} autoComplete="off" />
        <TextField {...common('hapu')} autoComplete="off" />
        <TextField {...common('household')} type="number" inputMode="numeric" min={1} max={30} />
      </fieldset>
      <fieldset className="client-fields__group">
        <legend>{t('clients.group.contact')}</legend>
        <TextField {...common('phone')} type="tel" autoComplete="off" />
        <TextField {...common('email')} type="email" autoComplete="off" />
        <TextArea {...common('address')} rows={2} autoComplete="off" />
        <TextField {...common('suburb')} autoComplete="off" />
      </fieldset>
      <fieldset className="client-fields__group">
        <legend>{t('clients.group.consent')}</legend>
        <SelectField {...base('consentHow')} onChange={(event) => chooseHow(event.currentTarget.value)} disabled={disabled}>
          <option value="">{t('clients.consent.none')}</option>
          {consentHows.map((how) => (
            <option key={how} value={how}>
              {t(consentHowKey[how])}
            </option>
          ))}
        </SelectField>
        <TextField {...common('consentAt')} type="date" />
        <SelectField {...base('consentStatementVersion')} disabled={disabled || !values.consentHow}>
          <option value="">{t('clients.consent.chooseVersion')}</option>
          {versions.map((version) => (
            <option key={version} value={version}>
              {version === statements.current ? t('clients.consent.currentVersion', { version }) : version}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <TextArea {...common('notes')} rows={3} hint={t('clients.field.notesHint')} className="client-fields__wide" />
    </div>
  );
}
