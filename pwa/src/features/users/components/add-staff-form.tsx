import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { limits } from '@contract/limits';
import { CreateUserSchema } from '@contract/users';
import { useAlerts } from '../../../app/alerts/alerts-context';
import { useShowErrors } from '../../../app/alerts/use-show-errors';
import { useCreateStaffMember } from '../api/create-staff-member';
import { accessName, grantableAccessLevels } from '../../../app/manage/format';
import { TextField } from '../../../components/text-field';
import { SelectField } from '../../../components/select-field';
import { fieldErrorsFromApi, fieldErrorsFromItems, focusFirstInvalidField, type FieldErrors } from '../../../app/manage/form-errors';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';

const staffFields = ['name', 'email', 'access', 'password'] as const;
type StaffField = (typeof staffFields)[number];

/** "Add staff member": name, email, access level (never above the manager's own) and a first password. */
export function AddStaffForm({ ownAccess, onAdded }: { ownAccess: number; onAdded: () => void }) {
  const t = useT();
  const createStaffMember = useCreateStaffMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState({ name: '', email: '', access: String(limits.accessMin), password: '' });
  const [errors, setErrors] = useState<FieldErrors<StaffField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const sending = createStaffMember.isPending;

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalidField(formRef.current);
  }, [focusRequest]);

  function showFieldErrors(found: FieldErrors<StaffField>): void {
    setErrors(found);
    setFocusRequest((count) => count + 1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (sending) return;
    const parsed = checkInput(CreateUserSchema, { ...values, access: Number(values.access) });
    if (!parsed.success) {
      showFieldErrors(fieldErrorsFromItems(parsed.errors, staffFields));
      return;
    }
    setErrors({});
    createStaffMember.mutate(parsed.data, {
      onSuccess: () => {
        setAlert(t('manage.staffAdded'), 'success');
        onAdded();
      },
      onError: (error) => {
        showErrors(error);
        showFieldErrors(fieldErrorsFromApi(error, staffFields));
      },
    });
  }

  const set = (field: StaffField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form ref={formRef} className="manage-form" noValidate onSubmit={handleSubmit} aria-label={t('manage.addStaff')}>
      <TextField
        label={t('manage.name')}
        name="name"
        required
        autoComplete="off"
        value={values.name}
        error={errors.name?.join(' ')}
        readOnly={sending}
        onChange={set('name')}
      />
      <TextField
        label={t('manage.email')}
        name="email"
        type="email"
        required
        autoComplete="off"
        value={values.email}
        error={errors.email?.join(' ')}
        readOnly={sending}
        onChange={set('email')}
      />
      <SelectField
        label={t('manage.access')}
        name="access"
        hint={t('manage.accessHint')}
        value={values.access}
        error={errors.access?.join(' ')}
        disabled={sending}
        onChange={set('access')}
      >
        {grantableAccessLevels(ownAccess).map((level) => (
          <option key={level} value={level}>
            {level} — {accessName(level)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('manage.password')}
        name="password"
        type="password"
        required
        autoComplete="new-password"
        minLength={limits.passwordMin}
        maxLength={limits.passwordMax}
        hint={t('manage.passwordHint', { min: limits.passwordMin })}
        value={values.password}
        error={errors.password?.join(' ')}
        readOnly={sending}
        onChange={set('password')}
      />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? t('manage.adding') : t('manage.addStaff')}
        </Button>
      </div>
    </form>
  );
}
