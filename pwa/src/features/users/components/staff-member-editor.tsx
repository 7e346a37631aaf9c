import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { limits } from '@contract/limits';
import { UpdateUserSchema, type StaffUser, type UpdateUserInput } from '@contract/users';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useDeactivateStaffMember } from '../api/deactivate-staff-member';
import { useUpdateStaffMember } from '../api/update-staff-member';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { StaffServicesForm } from './staff-services-form';
import { formatDateTime, grantableAccessLevels } from '../../../components/manage/format';
import { TextField } from '../../../components/text-field';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import { StaffDetailFields } from './staff-detail-fields';

type StaffMemberEditorProps = {
  staffMember: StaffUser;
  /** The signed-in manager: nobody gives a level above their own. */
  ownAccess: number;
  ownId: string | undefined;
};

/** One staff account: details and access, a new password, and deactivation or reactivation. */
export function StaffMemberEditor({ staffMember, ownAccess, ownId }: StaffMemberEditorProps) {
  const t = useT();
  const isSelf = staffMember._id === ownId;
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownActive = useRef(staffMember.active);

  // The button just pressed disappears once the account's status changes: focus goes to its heading.
  useEffect(() => {
    if (shownActive.current === staffMember.active) return;
    shownActive.current = staffMember.active;
    statusHeadingRef.current?.focus();
  }, [staffMember.active]);
  return (
    <div className="manage-staff-grid">
      <section className="manage-card manage-staff-grid__details" aria-labelledby="staff-details-heading">
        <h2 id="staff-details-heading">{t('staff.details')}</h2>
        <StaffDetailsForm key={staffMember.updatedAt} staffMember={staffMember} ownAccess={ownAccess} />
      </section>
      <StaffServicesForm staffMember={staffMember} />
      <section className="manage-card" aria-labelledby="staff-password-heading">
        <h2 id="staff-password-heading">{t('staff.password')}</h2>
        <StaffPasswordForm staffMember={staffMember} />
      </section>
      <section className="manage-card" aria-labelledby="staff-active-heading">
        <h2 id="staff-active-heading" ref={statusHeadingRef} tabIndex={-1}>
          {t('staff.status')}
        </h2>
        <StaffActiveControl staffMember={staffMember} isSelf={isSelf} />
      </section>
    </div>
  );
}

const detailFields = ['name', 'email', 'access'] as const;
type DetailField = (typeof detailFields)[number];

function StaffDetailsForm({ staffMember, ownAccess }: { staffMember: StaffUser; ownAccess: number }) {
  const t = useT();
  const updateStaffMember = useUpdateStaffMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState({ name: staffMember.name, email: staffMember.email, access: String(staffMember.access) });
  const formErrors = useFormErrors(detailFields);
  const saving = updateStaffMember.isPending;
  // A manager cannot change the level of someone above them, only see it.
  const accessLocked = staffMember.access > ownAccess;
  const levels = grantableAccessLevels(ownAccess);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving) return;
    const parsed = checkInput(UpdateUserSchema, { name: values.name, email: values.email, access: Number(values.access) });
    if (!parsed.success) {
      formErrors.show(parsed.errors);
      return;
    }
    // Only what changed is sent: the server then checks just those rules (e.g. the last manager).
    const changes: UpdateUserInput = {};
    if (parsed.data.name !== staffMember.name) changes.name = parsed.data.name;
    if (parsed.data.email !== staffMember.email) changes.email = parsed.data.email;
    if (!accessLocked && parsed.data.access !== staffMember.access) changes.access = parsed.data.access;
    formErrors.clear();
    if (Object.keys(changes).length === 0) {
      setAlert(t('staff.nothingChanged'), 'success');
      return;
    }
    // Awaited: the saved record re-keys this form, which would drop mutate callbacks.
    try {
      await updateStaffMember.mutateAsync({ id: staffMember._id, changes });
      setAlert(t('staff.updated'), 'success');
    } catch (error) {
      showErrors(error);
      formErrors.showFailure(error);
    }
  }

  const set = (field: DetailField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form className="manage-form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby="staff-details-heading">
      <ErrorSummary state={formErrors} />
      <StaffDetailFields
        values={values}
        set={set}
        errorOf={formErrors.errorOf}
        levels={accessLocked ? [staffMember.access] : levels}
        accessHint={accessLocked ? t('staff.accessLocked') : t('staff.accessUpToOwn')}
        accessLocked={accessLocked}
        busy={saving}
      />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={saving}>
          {saving ? t('manage.saving') : t('staff.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

const passwordFields = ['password'] as const;

function StaffPasswordForm({ staffMember }: { staffMember: StaffUser }) {
  const t = useT();
  const updateStaffMember = useUpdateStaffMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [password, setPassword] = useState('');
  const formErrors = useFormErrors(passwordFields);
  const saving = updateStaffMember.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (saving) return;
    const parsed = checkInput(UpdateUserSchema.pick({ password: true }).required(), { password });
    if (!parsed.success) {
      formErrors.show(parsed.errors);
      return;
    }
    formErrors.clear();
    updateStaffMember.mutate(
      { id: staffMember._id, changes: { password: parsed.data.password } },
      {
        onSuccess: () => {
          setPassword('');
          setAlert(t('staff.passwordChanged'), 'success');
        },
        onError: (error) => {
          showErrors(error);
          formErrors.showFailure(error);
        },
      },
    );
  }

  return (
    <form className="manage-form" noValidate onSubmit={handleSubmit} aria-labelledby="staff-password-heading">
      <ErrorSummary state={formErrors} />
      <TextField
        label={t('staff.newPassword')}
        name="password"
        type="password"
        required
        autoComplete="new-password"
        minLength={limits.passwordMin}
        maxLength={limits.passwordMax}
        hint={t('staff.newPasswordHint', { min: limits.passwordMin, name: staffMember.name })}
        value={password}
        error={formErrors.errorOf('password')}
        readOnly={saving}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={saving}>
          {saving ? t('manage.saving') : t('staff.setPassword')}
        </Button>
      </div>
    </form>
  );
}

function StaffActiveControl({ staffMember, isSelf }: { staffMember: StaffUser; isSelf: boolean }) {
  const t = useT();
  const deactivate = useDeactivateStaffMember();
  const reactivate = useUpdateStaffMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [confirming, setConfirming] = useState(false);

  if (!staffMember.active) {
    return (
      <>
        <p>
          <span className="manage-badge manage-badge--muted">{t('manage.deactivated')}</span>{' '}
          {t('staff.cannotSignIn', { name: staffMember.name, when: formatDateTime(staffMember.updatedAt) })}
        </p>
        <Button
          variant="secondary"
          aria-disabled={reactivate.isPending}
          onClick={() => {
            if (reactivate.isPending) return;
            reactivate.mutate(
              { id: staffMember._id, changes: { active: true } },
              { onSuccess: () => setAlert(t('staff.reactivated'), 'success'), onError: showErrors },
            );
          }}
        >
          {t('staff.reactivate')}
        </Button>
      </>
    );
  }

  if (isSelf) return <p>{t('staff.self')}</p>;

  return (
    <>
      <p>
        <span className="manage-badge manage-badge--open">{t('staff.active')}</span> {t('staff.canSignIn', { name: staffMember.name })}
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t('staff.deactivate')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('staff.deactivateTitle')}
        message={t('staff.deactivateMessage', { name: staffMember.name })}
        confirmLabel={t('staff.deactivate')}
        busy={deactivate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          deactivate.mutate(staffMember._id, {
            onSuccess: () => {
              setConfirming(false);
              setAlert(t('staff.deactivated'), 'success');
            },
            onError: (error) => {
              setConfirming(false);
              showErrors(error);
            },
          })
        }
      />
    </>
  );
}
