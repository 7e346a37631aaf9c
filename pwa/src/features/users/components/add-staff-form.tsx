import { useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { limits } from '@contract/limits';
import { CreateUserSchema } from '@contract/users';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useCreateStaffMember } from '../api/create-staff-member';
import { grantableAccessLevels } from '../../../components/manage/format';
import { TextField } from '../../../components/text-field';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import { StaffDetailFields } from './staff-detail-fields';

const staffFields = ['name', 'email', 'access', 'password'] as const;
type StaffField = (typeof staffFields)[number];

/** "Add staff member": name, email, access level (never above the manager's own) and a first password. */
export function AddStaffForm({ ownAccess, onAdded }: { ownAccess: number; onAdded: () => void }) {
  const t = useT();
  const createStaffMember = useCreateStaffMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState({ name: '', email: '', access: String(limits.accessMin), password: '' });
  const formErrors = useFormErrors(staffFields);
  const sending = createStaffMember.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (sending) return;
    const parsed = checkInput(CreateUserSchema, { ...values, access: Number(values.access) });
    if (!parsed.success) {
      formErrors.show(parsed.errors);
      return;
    }
    formErrors.clear();
    createStaffMember.mutate(parsed.data, {
      onSuccess: () => {
        setAlert(t('manage.staffAdded'), 'success');
        onAdded();
      },
      onError: (error) => {
        showErrors(error);
        formErrors.showFailure(error);
      },
    });
  }

  const set = (field: StaffField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form className="manage-form" noValidate onSubmit={handleSubmit} aria-label={t('manage.addStaff')}>
      <ErrorSummary state={formErrors} />
      <StaffDetailFields
        values={values}
        set={set}
        errorOf={formErrors.errorOf}
        levels={grantableAccessLevels(ownAccess)}
        accessHint={t('manage.accessHint')}
        busy={sending}
      />
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
        error={formErrors.errorOf('password')}
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
