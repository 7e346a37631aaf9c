import { useState, type FormEvent } from 'react';
import { serviceCatalogue } from '@contract/catalogue';
import type { StaffUser } from '@contract/users';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import { useUpdateStaffMember } from '../api/update-staff-member';
import './staff-services-form.css';

/** The ticks are one field: a refusal names `services` (or the changes it is in). */
const serviceFields = ['services'] as const;
const servicesFieldOf = (param: string) => (param.split('.').includes('services') ? 'services' : undefined);

/**
 * Which of the six services a staff member works on (DESIGN §4b need-to-know): a kaimahi sees
 * only those services' enrolments and clients. A section of /manage/users/{id} of its own.
 */
export function StaffServicesForm({ staffMember }: { staffMember: StaffUser }) {
  const t = useT();
  const update = useUpdateStaffMember();
  const [chosen, setChosen] = useState<string[]>(staffMember.services);
  const [saved, setSaved] = useState(false);
  const formErrors = useFormErrors(serviceFields, [], { fieldOf: servicesFieldOf });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(false);
    // Catalogue order, whatever order they were ticked in.
    const services = serviceCatalogue.map((s) => s.key).filter((key) => chosen.includes(key));
    if (await formErrors.send(() => update.mutateAsync({ id: staffMember._id, changes: { services } }))) setSaved(true);
  }

  return (
    <section className="manage-card" aria-labelledby="staff-services-heading">
      <h2 id="staff-services-heading">{t('clients.userServices.title')}</h2>
      <form className="manage-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <ErrorSummary state={formErrors} />
        <fieldset className="staff-services" aria-describedby="staff-services-hint">
          <legend className="visually-hidden">{t('clients.userServices.title')}</legend>
          <p id="staff-services-hint" className="field__hint">
            {t('clients.userServices.hint')}
          </p>
          {serviceCatalogue.map((service) => (
            <label key={service.key} className="staff-services__option">
              <input
                type="checkbox"
                name="services"
                value={service.key}
                checked={chosen.includes(service.key)}
                onChange={(event) => {
                  const { checked } = event.currentTarget;
                  setSaved(false);
                  setChosen((current) => (checked ? [...current, service.key] : current.filter((key) => key !== service.key)));
                }}
              />
              <span>{service.title}</span>
            </label>
          ))}
        </fieldset>
        {formErrors.errorOf('services') && <p className="field__error">{formErrors.errorOf('services')}</p>}
        <Button type="submit" disabled={update.isPending}>
          {t('clients.userServices.save')}
        </Button>
        <p role="status" className="staff-services__status">
          {saved ? t('clients.userServices.saved') : ''}
        </p>
      </form>
    </section>
  );
}
