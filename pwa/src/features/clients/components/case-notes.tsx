import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import type { NoteCorrection } from '@contract/whanau';
import type { CaseNote } from '../api/types';
import { CorrectionsOf, type WaitingCorrection } from '../../../components/note-corrections';
import { CorrectNote, type QueueCorrection } from './corrections';
import { useWrittenTime } from '../../../components/written-time';

type CaseNotesProps = {
  notes: readonly CaseNote[];
  /** Notes saved on this device and not yet on the server, with their state's words. */
  waiting?: readonly { _id: string; text: string; createdAt: string; state: string }[];
  /** Saves the note on this device (the outbox sends it now or when there is signal); resolves with its id. */
  queue: (text: string) => Promise<string>;
  /** The signed-in kaimahi: only a note's writer may share it. */
  userId?: string | null;
  /** Notes whose sharing waits on this device. */
  sharing?: readonly string[];
  /** Shares a note the kaimahi wrote with everyone working with the person (issue 21). */
  onShare?: (noteId: string) => void;
  /** Corrections of these notes (the originals never change), and those waiting on this device. */
  corrections?: readonly NoteCorrection[];
  waitingCorrections?: readonly WaitingCorrection[];
  /** Saves a correction on this device (issue 20). */
  onCorrect?: QueueCorrection;
};

const noteFields = ['text'] as const;
/** The note's words, as the request or a queued item (`payload.text`) names them. */
const noteFieldOf = (param: string) => (param === 'text' || param === 'payload.text' ? 'text' : undefined);

/** Case notes, newest first, with who wrote each and when; a form to add one on top. */
export function CaseNotes({
  notes,
  waiting = [],
  queue,
  userId = null,
  sharing = [],
  onShare,
  corrections = [],
  waitingCorrections = [],
  onCorrect,
}: CaseNotesProps) {
  const t = useT();
  const writtenTime = useWrittenTime();
  const [text, setText] = useState('');
  /** The note just saved, followed until the server has it. */
  const [added, setAdded] = useState<string | null>(null);
  const errors = useFormErrors(noteFields, [], { fieldOf: noteFieldOf });
  // Newest written first: a note written offline in the morning stays before the afternoon's.
  const sorted = [...notes].sort((a, b) => (b.writtenAt ?? b.createdAt).localeCompare(a.writtenAt ?? a.createdAt));
  const addedState = !added
    ? ''
    : waiting.some((note) => note._id === added)
      ? t('clients.offline.noteWaiting')
      : notes.some((note) => note._id === added)
        ? t('clients.notes.added')
        : '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (errors.saving) return;
    setAdded(null);
    await errors.send(async () => {
      const noteId = await queue(text);
      setText('');
      setAdded(noteId);
    });
  }

  return (
    <section className="clients-card" aria-labelledby="notes-heading">
      <h2 id="notes-heading">{t('clients.notes.title')}</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="note-form">
        <ErrorSummary state={errors} />
        <TextArea
          label={t('clients.notes.add')}
          name="text"
          rows={3}
          required
          value={text}
          error={errors.errorOf('text')}
          readOnly={errors.saving}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setAdded(null);
          }}
        />
        <div className="client-form__actions">
          <Button type="submit" disabled={errors.saving}>
            {errors.saving ? t('clients.saving') : t('clients.notes.save')}
          </Button>
          <p className="clients-status" role="status">
            {addedState}
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
              {/* A note still waiting to be sent can be corrected too: the correction goes after it. */}
              <CorrectionsOf corrections={[]} waiting={waitingCorrections.filter((correction) => correction.correctsNoteId === note._id)} />
              {onCorrect && <CorrectNote noteId={note._id} original={note.text} queue={onCorrect} />}
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
              <p className="note__meta">{t('clients.notes.by', { author: note.authorName, time: writtenTime(note) })}</p>
              <p className="note__text">{note.text}</p>
              <CorrectionsOf
                corrections={corrections.filter((correction) => correction.correctsNoteId === note._id)}
                waiting={waitingCorrections.filter((correction) => correction.correctsNoteId === note._id)}
              />
              {onCorrect && <CorrectNote noteId={note._id} original={note.text} queue={onCorrect} />}
              {note.shared ? (
                <p className="note__shared">{t('clients.notes.shared')}</p>
              ) : sharing.includes(note._id) ? (
                <p className="note__shared">{t('clients.notes.sharing')}</p>
              ) : (
                onShare &&
                note.authorId === userId && (
                  <button type="button" className="button button--ghost button--sm" onClick={() => onShare(note._id)}>
                    {t('clients.notes.share')}
                  </button>
                )
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
