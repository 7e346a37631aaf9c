import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';

/** Saves a correction on this device (sent now or when there is signal); resolves with its id. */
export type QueueCorrection = (correctsNoteId: string, text: string, reason: string) => Promise<string>;

const fields = ['text', 'reason'] as const;

/** "Correct this note": the corrected words (starting from the original's) and why; the original stays. */
export function CorrectNote({ noteId, original, queue }: { noteId: string; original: string; queue: QueueCorrection }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(original);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState('');
  const errors = useFormErrors(fields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await errors.send(() => queue(noteId, text, reason))) {
      setOpen(false);
      setReason('');
      setStatus(t('clients.correct.saved'));
    }
  }

  if (!open)
    return (
      <div className="correct-note">
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => {
            setText(original);
            setStatus('');
            setOpen(true);
          }}
        >
          {t('clients.correct.open')}
        </button>
        <p className="clients-status" role="status">
          {status}
        </p>
      </div>
    );
  return (
    <form noValidate className="correct-note correct-note--open" onSubmit={(event) => void handleSubmit(event)} aria-label={t('clients.correct.formLabel')}>
      <ErrorSummary state={errors} />
      <p className="clients-muted">{t('clients.correct.lead')}</p>
      <TextArea
        label={t('clients.correct.text')}
        name="text"
        id={`correct-${noteId}-text`}
        rows={3}
        required
        value={text}
        error={errors.errorOf('text')}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <TextField
        label={t('clients.correct.reason')}
        name="reason"
        id={`correct-${noteId}-reason`}
        required
        value={reason}
        hint={t('clients.correct.reasonHint')}
        error={errors.errorOf('reason')}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <div className="client-form__actions">
        <Button type="submit" disabled={errors.saving}>
          {errors.saving ? t('clients.saving') : t('clients.correct.save')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          {t('clients.cancel')}
        </Button>
      </div>
    </form>
  );
}
