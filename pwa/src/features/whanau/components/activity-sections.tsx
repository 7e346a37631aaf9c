import { CorrectionsOf } from '../../../components/note-corrections';
import { useWrittenTime } from '../../../components/written-time';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { Rich } from '../../../i18n/rich-text';
import { useLanguage, useT } from '../../../i18n/use-t';
import { keptOutput } from '../offline/outputs-copy';
import { useOutputsCopyRevision } from '../offline/use-whanau-copy';
import type { ShownWhanau } from '../offline/whanau-items';
import { contactKindLabel, outputName, personName } from './labels';

/** The latest contacts (newest first) and case notes of the members, as the caller may see them. */
export function ContactsSection({ whanau }: { whanau: ShownWhanau }) {
  const t = useT();
  const writtenTime = useWrittenTime();
  const nameOf = (clientId: string) => {
    const member = whanau.members.find((candidate) => candidate.clientId === clientId);
    return member?.client ? personName(member.client) : t('whanau.members.another');
  };
  const goalOf = (goalId: string) => whanau.goals.find((goal) => goal._id === goalId)?.text;
  const language = useLanguage();
  useOutputsCopyRevision();
  /** A contact's output by its id (the service's output), named as kept on this device. */
  const outputOf = (id: string) => {
    const output = keptOutput(id);
    return output ? outputName(output, language) : t('whanau.output.unknown');
  };
  // Shown under the original, which never changes ("Corrected on 2 Dec by …"), as on a client page.
  const correctionsOf = (id: string) => whanau.corrections.filter((correction) => correction.correctsNoteId === id);
  const contacts = [...whanau.contacts].sort((a, b) => b.on.localeCompare(a.on) || b.createdAt.localeCompare(a.createdAt));
  return (
    <>
      <section className="whanau-card whanau-noprint" aria-labelledby="contacts-heading">
        <h2 id="contacts-heading">{t('whanau.contacts.title')}</h2>
        {contacts.length === 0 ? (
          <p className="whanau-muted">{t('whanau.contacts.none')}</p>
        ) : (
          <ul className="whanau-plain-list">
            {contacts.map((contact) => {
              const waiting = whanau.waiting.get(contact._id);
              const goals = contact.goalIds.flatMap((id) => goalOf(id) ?? []);
              return (
                <li key={contact._id} className="whanau-contact" data-testid="contact">
                  <p className="whanau-contact__head">
                    <strong>
                      <Rich id={contactKindLabel[contact.kind]} />
                    </strong>
                    <span>
                      {formatDate(contact.on)} · {t('whanau.contacts.minutes', { count: contact.minutes, shown: formatNumber(contact.minutes) })}
                    </span>
                    {waiting && <span className="whanau-saved">{t(`whanau.state.${waiting.status}`)}</span>}
                  </p>
                  <p className="whanau-contact__summary">{contact.summary}</p>
                  {contact.presentClientIds.length > 0 && (
                    <p className="whanau-muted">{t('whanau.contacts.present', { names: contact.presentClientIds.map(nameOf).join(', ') })}</p>
                  )}
                  {goals.length > 0 && <p className="whanau-muted">{t('whanau.contacts.goals', { goals: goals.join('; ') })}</p>}
                  {contact.outputs.length > 0 && (
                    <p className="whanau-muted">
                      {t('whanau.contacts.outputs', {
                        outputs: contact.outputs
                          .map((output) =>
                            [
                              outputOf(output.kind),
                              `${formatNumber(output.quantity)}${output.unit ? ` ${output.unit}` : ''}`,
                              output.value !== undefined ? formatNumber(output.value, { style: 'currency', currency: 'NZD' }) : '',
                            ]
                              .filter(Boolean)
                              .join(' '),
                          )
                          .join('; '),
                      })}
                    </p>
                  )}
                  <p className="whanau-muted">{contact.authorName}</p>
                  <CorrectionsOf corrections={correctionsOf(contact._id)} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="whanau-card whanau-noprint" aria-labelledby="notes-heading">
        <h2 id="notes-heading">{t('whanau.notes.title')}</h2>
        {whanau.caseNotes.length === 0 ? (
          <p className="whanau-muted">{t('whanau.notes.none')}</p>
        ) : (
          <ul className="whanau-plain-list">
            {whanau.caseNotes.map((note) => (
              <li key={note._id} data-testid="whanau-note">
                <p className="whanau-contact__summary">{note.text}</p>
                <p className="whanau-muted">
                  {nameOf(note.clientId)} · {note.authorName} · {writtenTime(note)}
                </p>
                <CorrectionsOf corrections={correctionsOf(note._id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
