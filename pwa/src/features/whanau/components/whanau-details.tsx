import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import type { ShownWhanau } from '../offline/whanau-items';
import { queueWhanauEdit } from '../offline/whanau-writes';

const fields = ['name', 'notes'] as const;

/**
 * The whānau's own notes, and the form to rename it or change them (`whanau.update` on the
 * version shown: saved on this device, sent when there is signal; a clash shows in the panel at
 * the top of the page). Only what changed is sent. Not offered before the whānau is on the server.
 * Notes written under another service are neither shown nor offered for editing (decision 111).
 */
export function WhanauDetails({ whanau, canEdit }: { whanau: ShownWhanau; canEdit: boolean }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(whanau.name);
  const [notes, setNotes] = useState(whanau.notes ?? '');
  const [message, setMessage] = useState('');
  const form = useFormErrors(fields);
  const waiting = whanau.waiting.get(whanau._id);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes: { name?: string; notes?: string | null } = {};
    if (name.trim() !== whanau.name) changes.name = name;
    if (notes.trim() !== (whanau.notes ?? '')) changes.notes = notes.trim() ? notes : null;
    if (await form.send(() => queueWhanauEdit(whanau._id, whanau.version, changes))) {
      setEditing(false);
      setMessage(t('whanau.details.saved'));
    }
  }

  return (
    <section className="whanau-card whanau-noprint" aria-labelledby="whanau-details-heading">
      <div className="whanau-card__head">
        <h2 id="whanau-details-heading">{t('whanau.details.title')}</h2>
        {canEdit && !editing && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setName(whanau.name);
              setNotes(whanau.notes ?? '');
              setMessage('');
              form.clear();
              setEditing(true);
            }}
          >
            {whanau.notesHidden ? t('whanau.details.rename') : t('whanau.details.edit')}
          </Button>
        )}
      </div>
      <p className="whanau-status" role="status">
        {message}
      </p>
      {editing ? (
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form" aria-labelledby="whanau-details-heading">
          <ErrorSummary state={form} />
          <TextField
            label={t('whanau.field.name')}
            hint={t('whanau.field.nameHint')}
            name="name"
            id="whanau-edit-name"
            value={name}
            autoComplete="off"
            error={form.errorOf('name')}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {!whanau.notesHidden && (
            <TextArea
              label={t('whanau.field.notes')}
              name="notes"
              id="whanau-edit-notes"
              rows={3}
              value={notes}
              error={form.errorOf('notes')}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
          )}
          <div className="whanau-form__actions">
            <Button type="submit" disabled={form.saving}>
              {t('whanau.details.save')}
            </Button>
            <Button variant="ghost" disabled={form.saving} onClick={() => setEditing(false)}>
              {t('whanau.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {whanau.notes ? (
            <p className="whanau-details__notes" data-testid="whanau-notes">
              {whanau.notes}
            </p>
          ) : (
            <p className="whanau-muted" data-testid={whanau.notesHidden ? 'whanau-notes-hidden' : undefined}>
              {whanau.notesHidden ? t('whanau.details.notesHidden') : t('whanau.details.noNotes')}
            </p>
          )}
          {waiting && <span className="whanau-saved">{t(`whanau.state.${waiting.status}`)}</span>}
        </>
      )}
    </section>
  );
}
