import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseloadChanges, ClientDetail } from '@contract/clients';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { createCipher, createDataKey } from '../../../lib/vault/vault-crypto';
import { caseloadClient, forgetCaseload, loadCaseload, refreshCaseload, searchCaseload } from './caseload-copy';

afterEach(() => forgetCaseload());

function client(givenName: string, familyName: string, extra: Partial<ClientDetail> = {}): ClientDetail {
  return {
    _id: crypto.randomUUID(),
    givenName,
    familyName,
    preferredName: null,
    dateOfBirth: null,
    phone: null,
    email: null,
    address: null,
    suburb: null,
    iwi: null,
    hapu: null,
    household: null,
    notes: null,
    consent: null,
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    createdBy: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    updatedBy: null,
    createdByName: null,
    updatedByName: null,
    enrolments: [],
    caseNotes: [],
    ...extra,
  };
}

async function cipherFor(userId = crypto.randomUUID()) {
  const { key } = await createDataKey('kia kaha te reo 2026', 1000);
  return createCipher(userId, key);
}

describe('the caseload copy', () => {
  it('keeps the server’s answer sealed, searches it like the server, and asks only for changes next time', async () => {
    const cipher = await cipherFor();
    const tuhoe = client('Tūhoe', 'Whānau', {
      phone: '021 555 0101',
      caseNotes: [{ _id: 'n1', clientId: 'x', text: 'Rang about the kai parcel', authorId: 'a', authorName: 'Hemi', createdAt: '2026-11-02T00:00:00.000Z' }],
    });
    const mere = client('Mere', 'Kāretu', {
      email: 'mere@example.nz',
      enrolments: [
        {
          _id: 'e1',
          reference: 'R',
          serviceKey: 'raised_gardens',
          serviceTitle: 'Raised Gardens',
          status: 'new',
          source: 'online',
          receivedAt: '2026-11-01T00:00:00.000Z',
          version: 1,
        },
      ],
    });
    const asked: (string | undefined)[] = [];
    const answers: CaseloadChanges[] = [
      { clients: [tuhoe, mere], ids: [tuhoe._id, mere._id], cursor: '2026-11-23T00:00:00.000Z' },
      { clients: [{ ...mere, suburb: 'Aranui', version: 2 }], ids: [mere._id], cursor: '2026-11-23T01:00:00.000Z' },
    ];
    const fetchChanges = async (since: string | undefined) => {
      asked.push(since);
      return answers[asked.length - 1]!;
    };

    expect(await refreshCaseload(cipher, fetchChanges)).toEqual({ changed: 2, removed: 0 });
    expect(searchCaseload({ q: 'whanau' }).map((found) => found._id)).toEqual([tuhoe._id]);
    expect(searchCaseload({ q: 'KARE' }).map((found) => found._id)).toEqual([mere._id]);
    expect(searchCaseload({ q: '021 555' }).map((found) => found._id)).toEqual([tuhoe._id]);
    expect(searchCaseload({ q: 'hanau' })).toEqual([]);
    expect(searchCaseload({ service: 'raised_gardens', status: 'new' }).map((found) => found._id)).toEqual([mere._id]);
    expect(searchCaseload({}).map((found) => found.familyName)).toEqual(['Kāretu', 'Whānau']);

    // What IndexedDB holds: ids and ciphertext only.
    const rows = await getStaffDb(cipher.userId).clients.toArray();
    const stored = JSON.stringify(rows.map((row) => ({ ...row, sealed: new TextDecoder().decode(row.sealed.data) })));
    // (The phone as typed and as bare digits: a short run like '555' can turn up in a row's UUID.)
    for (const secret of ['Tūhoe', 'Whānau', '021 555 0101', '0215550101', 'kai parcel', 'mere@example']) expect(stored).not.toContain(secret);

    expect(await refreshCaseload(cipher, fetchChanges)).toEqual({ changed: 1, removed: 1 });
    expect(asked).toEqual([undefined, '2026-11-23T00:00:00.000Z']);
    expect(caseloadClient(tuhoe._id)).toBeUndefined();
    expect(caseloadClient(mere._id)?.suburb).toBe('Aranui');

    // Reopened (memory gone), the copy comes back from the sealed rows.
    forgetCaseload();
    await loadCaseload(cipher);
    expect(caseloadClient(mere._id)?.version).toBe(2);
    expect(await getStaffDb(cipher.userId).clients.count()).toBe(1);
  });
});
