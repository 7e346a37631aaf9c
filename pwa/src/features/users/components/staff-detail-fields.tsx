import { accessName } from '../../../components/manage/format';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';

type DetailField = 'name' | 'email' | 'access';

type StaffDetailFieldsProps = {
  values: Record<DetailField, string>;
  set: (field: DetailField) => (event: { currentTarget: { value: string } }) => void;
  errorOf: (field: DetailField) => string | undefined;
  /** The levels offered (never above the manager's own). */
  levels: readonly number[];
  accessHint: string;
  accessLocked?: boolean;
  busy: boolean;
};

/** A staff account's name, email and access level: adding someone and editing their details alike. */
export function StaffDetailFields({ values, set, errorOf, levels, accessHint, accessLocked = false, busy }: StaffDetailFieldsProps) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('manage.name')}
        name="name"
        required
        autoComplete="off"
        value={values.name}
        error={errorOf('name')}
        readOnly={busy}
        onChange={set('name')}
      />
      <TextField
        label={t('manage.email')}
        name="email"
        type="email"
        required
        autoComplete="off"
        value={values.email}
        error={errorOf('email')}
        readOnly={busy}
        onChange={set('email')}
      />
      <SelectField
        label={t('manage.access')}
        name="access"
        hint={accessHint}
        value={values.access}
        error={errorOf('access')}
        disabled={busy || accessLocked}
        onChange={set('access')}
      >
        {levels.map((level) => (
          <option key={level} value={level}>
            {level} — {accessName(level)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
