import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-area';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useAddNote } from '../api/add-note';
import type { CaseNote } from '../api/types';
import { fieldErrorsOf, formErrorsOf } from './error-text';
import { FormProblems } from './form-problems';

type CaseNotesProps = {
  clientId: string;
  notes: readonly CaseNote[];
  /** Notes saved on this device and not yet on the server, with their state's words. */
  waiting?: readonly { _id: string; text: string; createdAt: string; state: string }[];
  /** With the device's copy unlocked, a note goes to the outbox (saved here, sent when there is signal). */
  queue?: (note: { _id: string; text: string }) => Promise<void>;
};

/** Case notes, newest first, with who wrote each and when; a form to add one on top. */
export function CaseNotes({ clientId, notes, waiting = [], queue }: CaseNotesProps) {
  const t = useT();
  const addNote = useAddNote();
  const [text, setText] = useState('');
  // The note's id is made once per note: pressing again after a lost answer adds it once.
  const [noteId, setNoteId] = useState(() => crypto.randomUUID());
  const [added, setAdded] = useState(false);
  const [queueError, setQueueError] = useState<unknown>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const sorted = [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addNote.isPending) return;
    setAdded(false);
    setQueueError(null);
    try {
      if (queue) await queue({ _id: noteId, text });
      else await addNote.mutateAsync({ clientId, note: { _id: noteId, text } });
      setText('');
      setNoteId(crypto.randomUUID());
      setAdded(true);
    } catch (failure) {
      if (queue) setQueueError(failure);
      areaRef.current?.querySelector('textarea')?.focus();
    }
  }

  return (
    <section className="clients-card" aria-labelledby="notes-heading">
      <h2 id="notes-heading">{t('clients.notes.title')}</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="note-form">
        <FormProblems messages={formErrorsOf(queueError ?? addNote.error)} />
        <div ref={areaRef}>
          <TextArea
            label={t('clients.notes.add')}
            name="text"
            rows={3}
            required
            value={text}
            error={fieldErrorsOf(queueError ?? addNote.error).text}
            readOnly={addNote.isPending}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setAdded(false);
            }}
          />
        </div>
        <div className="client-form__actions">
          <Button type="submit" disabled={addNote.isPending}>
            {addNote.isPending ? t('clients.saving') : t('clients.notes.save')}
          </Button>
          <p className="clients-status" role="status">
            {added ? (queue ? t('clients.offline.noteWaiting') : t('clients.notes.added')) : ''}
          </p>
        </div>
      </form>
      {waiting.length > 0 && (
        <ol className="note-list note-list--waiting">
          {waiting.map((note) => (
            <li key={note._id} className="note note--waiting">
              <p className="note__meta">
                <span className="sync-badge">{note.state}</span> {formatDate(note.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
              <p className="note__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      {sorted.length === 0 && waiting.length === 0 ? (
        <p className="clients-empty">{t('clients.notes.none')}</p>
      ) : (
        <ol className="note-list">
          {sorted.map((note) => (
            <li key={note._id} className="note">
              <p className="note__meta">
                {t('clients.notes.by', { author: note.authorName, time: formatDate(note.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
              </p>
              <p className="note__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
