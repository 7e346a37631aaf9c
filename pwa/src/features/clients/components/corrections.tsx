import { useState, type FormEvent } from 'react';
import type { NoteCorrection } from '@contract/whanau';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';

/** A correction saved on this device and not yet on the server, with its state's words. */
export type WaitingCorrection = { _id: string; correctsNoteId: string; text: string; reason: string; createdAt: string; state: string };

/** Saves a correction on this device (sent now or when there is signal); resolves with its id. */
export type QueueCorrection = (correctsNoteId: string, text: string, reason: string) => Promise<string>;

/**
 * The corrections of one note or contact, oldest first, under the original (which is never
 * changed): "Corrected on 2 Dec by Aroha: …" with the reason.
 */
export function CorrectionsOf({ corrections, waiting }: { corrections: readonly NoteCorrection[]; waiting: readonly WaitingCorrection[] }) {
  const t = useT();
  if (corrections.length === 0 && waiting.length === 0) return null;
  const sorted = [...corrections].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <ol className="correction-list" aria-label={t('clients.correct.listLabel')}>
      {sorted.map((correction) => (
        <li key={correction._id} className="correction" data-testid="correction">
          <p className="correction__text">
            <strong>
              {t('clients.correct.by', {
                date: formatDate(correction.createdAt, { day: 'numeric', month: 'short', year: 'numeric' }),
                name: correction.authorName,
              })}
            </strong>{' '}
            {correction.text}
          </p>
          <p className="correction__reason">{t('clients.correct.reasonShown', { reason: correction.reason })}</p>
        </li>
      ))}
      {waiting.map((correction) => (
        <li key={correction._id} className="correction correction--waiting" data-testid="correction">
          <p className="correction__text">
            <span className="sync-badge">{correction.state}</span> <strong>{t('clients.correct.yours')}</strong> {correction.text}
          </p>
          <p className="correction__reason">{t('clients.correct.reasonShown', { reason: correction.reason })}</p>
        </li>
      ))}
    </ol>
  );
}

const fields = ['text', 'reason'] as const;

/** "Correct this note": the corrected words (starting from the original's) and why; the original stays. */
export function CorrectNote({ noteId, original, queue }: { noteId: string; original: string; queue: QueueCorrection }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(original);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const errors = useFormErrors(fields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    errors.clear();
    setSaving(true);
    try {
      await queue(noteId, text, reason);
      setOpen(false);
      setReason('');
      setStatus(t('clients.correct.saved'));
    } catch (error) {
      errors.showFailure(error);
    } finally {
      setSaving(false);
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
        <Button type="submit" disabled={saving}>
          {saving ? t('clients.saving') : t('clients.correct.save')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          {t('clients.cancel')}
        </Button>
      </div>
    </form>
  );
}
