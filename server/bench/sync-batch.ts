import crypto from 'node:crypto';
import { enrolmentBody } from './enrolment-body';

/**
 * A kaimahi's full outbox after a day with no signal: 100 mutations of the four kinds, 25 each,
 * in the order they were made (a new client, an edit of it, a case note on it, and an enrolment
 * of the service moved along and linked to it). `enrolments` must be sent first.
 */
export function syncBatch() {
  const enrolments = Array.from({ length: 25 }, (_, index) => enrolmentBody(100_000 + index));
  const mutations = enrolments.flatMap((enrolment, index) => {
    const clientId = crypto.randomUUID();
    const noteId = crypto.randomUUID();
    return [
      { _id: clientId, kind: 'client.create', entityId: clientId, payload: { givenName: `Ngaio ${index}`, familyName: 'Tāwhiri', phone: '021 555 0199' } },
      {
        _id: crypto.randomUUID(),
        kind: 'client.update',
        entityId: clientId,
        baseVersion: 1,
        payload: { suburb: 'Aranui', notes: 'Prefers a call\nafter 3 pm' },
      },
      { _id: noteId, kind: 'note.create', entityId: noteId, payload: { clientId, text: 'Met at the marae.\nWhānau doing well.' } },
      { _id: crypto.randomUUID(), kind: 'enrolment.update', entityId: enrolment._id, baseVersion: 1, payload: { status: 'contacted', clientId } },
    ];
  });
  return { enrolments, mutations };
}
