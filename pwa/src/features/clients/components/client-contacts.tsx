import type { ContactKind, ContactRecord, NoteCorrection } from '@contract/whanau';
import { formatDate, formatNumber, type MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { CorrectionsOf, type WaitingCorrection } from '../../../components/note-corrections';
import { CorrectNote, type QueueCorrection } from './corrections';

const contactKindKey: Record<ContactKind, MessageKey> = {
  'home visit': 'clients.contacts.kind.homeVisit',
  phone: 'clients.contacts.kind.phone',
  office: 'clients.contacts.kind.office',
  marae: 'clients.contacts.kind.marae',
  online: 'clients.contacts.kind.online',
  other: 'clients.contacts.kind.other',
};

type ClientContactsProps = {
  contacts: readonly ContactRecord[];
  corrections?: readonly NoteCorrection[];
  waitingCorrections?: readonly WaitingCorrection[];
  onCorrect?: QueueCorrection;
};

/** The client's contacts (home visits, calls…), newest first: when, how, how long, who wrote it, its summary and its corrections. */
export function ClientContacts({ contacts, corrections = [], waitingCorrections = [], onCorrect }: ClientContactsProps) {
  const t = useT();
  const sorted = [...contacts].sort((a, b) => (a.on === b.on ? b.createdAt.localeCompare(a.createdAt) : b.on.localeCompare(a.on)));
  return (
    <section className="clients-card" aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">{t('clients.contacts.title')}</h2>
      {sorted.length === 0 ? (
        <p className="clients-empty">{t('clients.contacts.none')}</p>
      ) : (
        <ol className="note-list" data-testid="client-contacts">
          {sorted.map((contact) => (
            <li key={contact._id} className="note">
              <p className="note__meta">
                {t('clients.contacts.meta', {
                  kind: t(contactKindKey[contact.kind]),
                  date: formatDate(`${contact.on}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
                  minutes: formatNumber(contact.minutes),
                  author: contact.authorName,
                })}
              </p>
              <p className="note__text">{contact.summary}</p>
              <CorrectionsOf
                corrections={corrections.filter((correction) => correction.correctsNoteId === contact._id)}
                waiting={waitingCorrections.filter((correction) => correction.correctsNoteId === contact._id)}
              />
              {onCorrect && <CorrectNote noteId={contact._id} original={contact.summary} queue={onCorrect} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
