import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { PageHeader } from '../../../components/page-header';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { queueNewWhanau } from '../offline/whanau-writes';
import './whanau.css';

const fields = ['name', 'notes'] as const;

/** /whanau/new: a whānau, named as it names itself; saved on this device, sent when there is signal. */
export function NewWhanauPage({ onCreated }: { onCreated: (id: string) => void }) {
  const t = useT();
  usePageTitle(t('whanau.new.title'));
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const form = useFormErrors(fields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await form.send(async () => onCreated(await queueNewWhanau({ name, notes })));
  }

  return (
    <>
      <PageHeader eyebrow={<Rich id="whanau.list.title" />} title={t('whanau.new.title')} />
      <div className="container page-body whanau">
        <p>
          <Link to={staffPaths.whanauList}>{t('whanau.back')}</Link>
        </p>
        <section className="whanau-card" aria-labelledby="new-whanau-heading">
          <h2 id="new-whanau-heading">{t('whanau.new.heading')}</h2>
          <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form">
            <ErrorSummary state={form} />
            <TextField
              label={t('whanau.field.name')}
              hint={t('whanau.field.nameHint')}
              name="name"
              value={name}
              autoComplete="off"
              error={form.errorOf('name')}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <TextArea
              label={t('whanau.field.notes')}
              name="notes"
              rows={3}
              value={notes}
              error={form.errorOf('notes')}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
            <div className="whanau-form__actions">
              <Button type="submit" disabled={form.saving}>
                {t('whanau.new.save')}
              </Button>
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
