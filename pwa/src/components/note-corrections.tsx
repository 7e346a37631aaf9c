import type { NoteCorrection } from '@contract/whanau';
import { formatDate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import './note-corrections.css';

/** A correction saved on this device and not yet on the server, with its state's words. */
export type WaitingCorrection = { _id: string; correctsNoteId: string; text: string; reason: string; createdAt: string; state: string };

/**
 * The corrections of one note or contact, oldest first, under the original (which is never
 * changed): "Corrected on 2 Dec by Aroha: …" with the reason.
 */
export function CorrectionsOf({ corrections, waiting = [] }: { corrections: readonly NoteCorrection[]; waiting?: readonly WaitingCorrection[] }) {
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
