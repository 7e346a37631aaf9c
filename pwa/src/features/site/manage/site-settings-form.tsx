import { useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { UpdateSiteSchema, siteFields, type Site, type SiteField } from '@contract/site';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useUpdateSite } from './update-site';

type FieldLook = { label: MessageKey; hint?: MessageKey; type?: 'text' | 'tel' | 'email' | 'url'; lines?: boolean; autoComplete?: string };

/** How each of the trust's details is asked for; the order is the contract's (`siteFields`). */
const look: Record<SiteField, FieldLook> = {
  name: { label: 'manage.site.name', autoComplete: 'organization' },
  phone: { label: 'manage.site.phone', hint: 'manage.site.phoneHint', type: 'tel', autoComplete: 'tel' },
  email: { label: 'manage.site.email', type: 'email', autoComplete: 'email' },
  address: { label: 'manage.site.address', hint: 'manage.site.linesHint', lines: true },
  postalAddress: { label: 'manage.site.postalAddress', hint: 'manage.site.linesHint', lines: true },
  charityNumber: { label: 'manage.site.charityNumber', hint: 'manage.site.charityNumberHint' },
  donateUrl: { label: 'manage.site.donateUrl', hint: 'manage.site.urlHint', type: 'url' },
  socialUrl: { label: 'manage.site.socialUrl', hint: 'manage.site.urlHint', type: 'url' },
  privacyOfficer: { label: 'manage.site.privacyOfficer', hint: 'manage.site.privacyOfficerHint' },
  hours: { label: 'manage.site.hours', hint: 'manage.site.linesHint', lines: true },
};

const valuesOf = (site: Site) => Object.fromEntries(siteFields.map((field) => [field, site[field] ?? ''])) as Record<SiteField, string>;

/**
 * The trust's own details (`PATCH /api/site`): checked with the contract's schema before sending
 * (https links, a New Zealand phone number, an email), every problem on its field, the server's
 * too. An emptied field is cleared, so visitors see "coming soon" there again.
 */
export function SiteSettingsForm({ site }: { site: Site }) {
  const t = useT();
  const updateSite = useUpdateSite();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState(() => valuesOf(site));
  const formErrors = useFormErrors(siteFields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (updateSite.isPending) return;
    const parsed = checkInput(UpdateSiteSchema, values);
    if (!parsed.success) {
      formErrors.show(parsed.errors);
      return;
    }
    formErrors.clear();
    try {
      const saved = await updateSite.mutateAsync(values);
      setValues(valuesOf(saved));
      setAlert(t('manage.site.saved'), 'success');
    } catch (error) {
      showErrors(error);
      formErrors.showFailure(error);
    }
  }

  const sending = updateSite.isPending;
  const setField = (field: SiteField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  return (
    <form className="manage-form site-settings" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={t('manage.site.title')}>
      <ErrorSummary state={formErrors} />
      {siteFields.map((field) => {
        const { label, hint, type, lines, autoComplete } = look[field];
        const common = {
          label: t(label),
          name: field,
          hint: hint ? t(hint) : undefined,
          value: values[field],
          error: formErrors.errorOf(field),
          readOnly: sending,
          autoComplete: autoComplete ?? 'off',
        };
        return lines ? (
          <TextArea key={field} {...common} rows={3} onChange={(event) => setField(field, event.currentTarget.value)} />
        ) : (
          <TextField key={field} {...common} type={type ?? 'text'} onChange={(event) => setField(field, event.currentTarget.value)} />
        );
      })}
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? t('manage.site.saving') : t('manage.site.save')}
        </Button>
      </div>
    </form>
  );
}
