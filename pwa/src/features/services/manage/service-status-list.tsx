import { useId, useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { UpdateServiceSchema } from '@contract/service-updates';
import { isEnrollable, unavailableText, type Service, type ServiceStatus } from '@contract/services';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useServiceStatuses } from './get-service-statuses';
import { useUpdateServiceStatus } from './update-service-status';
import { TextField } from '../../../components/text-field';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { QueryState } from '../../../components/manage/query-state';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';

/** Every service with its enrolment switch and the text its card shows while closed. */
export function ServiceStatusList() {
  const services = useServiceStatuses();
  return (
    <QueryState query={services}>
      {(list) => (
        <ul className="manage-services">
          {list.map((service) => (
            // Keyed by the last change, so the form starts again from what the server saved.
            <li key={`${service.key}-${service.updatedAt}`}>
              <ServiceStatusForm service={service} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const serviceFields = ['status', 'statusText'] as const;

function ServiceStatusForm({ service }: { service: Service }) {
  const t = useT();
  const updateService = useUpdateServiceStatus();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const switchId = useId();
  const [open, setOpen] = useState(isEnrollable(service.status));
  const [statusText, setStatusText] = useState(service.statusText);
  const formErrors = useFormErrors(serviceFields);
  const saving = updateService.isPending;
  const currentlyOpen = isEnrollable(service.status);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving) return;
    // Reopening keeps 'live' if that is what the service was; closing is always 'inactive'.
    const status: ServiceStatus = open ? (currentlyOpen ? service.status : 'active') : 'inactive';
    const parsed = checkInput(UpdateServiceSchema, { status, statusText });
    if (!parsed.success) {
      formErrors.show(parsed.errors);
      return;
    }
    formErrors.clear();
    // Awaited: the refetch that follows re-keys this form, which would drop mutate callbacks.
    try {
      const saved = await updateService.mutateAsync({ key: service.key, changes: parsed.data });
      setAlert(t(isEnrollable(saved.status) ? 'manage.serviceOpened' : 'manage.serviceClosed', { service: saved.title }), 'success', {
        title: t('manage.serviceUpdated'),
      });
    } catch (error) {
      showErrors(error);
      formErrors.showFailure(error);
    }
  }

  return (
    <form className="manage-service" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <fieldset className="manage-fieldset">
        <legend className="manage-service__title">{service.title}</legend>
        <ErrorSummary state={formErrors} />
        <p className="manage-service__state">
          <span className={currentlyOpen ? 'manage-badge manage-badge--open' : 'manage-badge manage-badge--closed'}>
            {currentlyOpen ? t('manage.open') : t('manage.closed')}
          </span>{' '}
          {currentlyOpen ? t('manage.takingEnrolments') : t('manage.cardShows', { text: unavailableText(service) })}
        </p>
        <div className="manage-switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="manage-switch__input"
            checked={open}
            disabled={saving}
            onChange={(event) => setOpen(event.currentTarget.checked)}
          />
          <label htmlFor={switchId} className="manage-switch__label">
            {t('manage.openForEnrolment')}
          </label>
        </div>
        <TextField
          label={t('manage.statusText')}
          name="statusText"
          value={statusText}
          error={formErrors.errorOf('statusText') ?? formErrors.errorOf('status')}
          readOnly={saving}
          onChange={(event) => setStatusText(event.currentTarget.value)}
        />
        <div className="manage-form__actions">
          <Button type="submit" variant="secondary" size="sm" aria-disabled={saving}>
            {saving ? t('manage.saving') : t('manage.save')}
            <span className="visually-hidden"> {service.title}</span>
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
