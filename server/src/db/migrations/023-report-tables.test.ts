import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { Contact, ContactOutputRow } from '../models/whanau';
import { migrate } from '../migrate';
import { sequelize } from '../sequelize';
import * as reportTables from './023-report-tables';

beforeAll(() => migrate());

const ids = () => crypto.randomUUID();
const [aroha, tama, hine] = [ids(), ids(), ids()];
const [parcel, kg] = [ids(), ids()];
const on = '2026-05-01';

async function contact(id: string, clientId: string | null, present: string[], outputs: { kind: string; quantity: number; value: number | null }[]) {
  await Contact.create({
    id,
    clientId,
    whanauId: clientId ? null : ids(),
    on,
    kind: 'home visit',
    minutes: 30,
    serviceKey: 'whanau_kai_support',
    presentClientIds: present,
    goalIds: [],
    summary: 'Visit',
    authorId: ids(),
  });
  await ContactOutputRow.bulkCreate(
    outputs.map((output, position) => ({ contactId: id, serviceKey: 'whanau_kai_support', on, position, unit: null, ...output })),
  );
}

const attendees = async () =>
  (
    await sequelize.query<{ contactId: string; clientId: string }>('SELECT "contactId", "clientId" FROM contact_attendees ORDER BY "contactId", "clientId"', {
      type: QueryTypes.SELECT,
    })
  ).map((row) => `${row.contactId}:${row.clientId}`);
const days = async () =>
  Object.fromEntries(
    (
      await sequelize.query<{ kind: string; contacts: unknown; quantity: unknown; value: unknown }>(
        'SELECT kind, contacts, quantity, value FROM contact_output_days WHERE "on" = :on',
        { type: QueryTypes.SELECT, replacements: { on } },
      )
    ).map((row) => [row.kind, [Number(row.contacts), Number(row.quantity), Number(row.value)]]),
  );

describe('migration 023: the rows a report reads, kept by the database', () => {
  it('fills them from existing contacts, then follows each insert and delete, and refuses an output changed in place', async () => {
    const qi = sequelize.getQueryInterface();
    await reportTables.down({ context: qi });
    const [visit, call] = [ids(), ids()];
    await contact(
      visit,
      aroha,
      [aroha, tama],
      [
        { kind: parcel, quantity: 1, value: 10 },
        { kind: parcel, quantity: 2, value: null },
        { kind: kg, quantity: 5, value: null },
      ],
    );
    await contact(call, null, [hine], [{ kind: parcel, quantity: 4, value: 1 }]);
    await reportTables.up({ context: qi });

    // The client named twice (client and present) is one row; a contact with two parcels is one contact.
    expect(await attendees()).toEqual([`${visit}:${aroha}`, `${visit}:${tama}`, `${call}:${hine}`].sort());
    const backfilled = { [parcel]: [2, 7, 11], [kg]: [1, 5, 0] };
    expect(await days()).toEqual(backfilled);

    // The triggers give a new contact the same rows the backfill would.
    const later = ids();
    await contact(
      later,
      hine,
      [hine],
      [
        { kind: kg, quantity: 1, value: null },
        { kind: kg, quantity: 2, value: 3 },
      ],
    );
    expect(await attendees()).toEqual([`${visit}:${aroha}`, `${visit}:${tama}`, `${call}:${hine}`, `${later}:${hine}`].sort());
    expect(await days()).toEqual({ [parcel]: [2, 7, 11], [kg]: [2, 8, 3] });

    // Deleting a contact deletes its outputs and takes them from their day; a day left with no contact goes.
    await Contact.destroy({ where: { id: [visit, later] } });
    expect(await attendees()).toEqual([`${call}:${hine}`]);
    expect(await days()).toEqual({ [parcel]: [1, 4, 1] });

    await expect(ContactOutputRow.update({ quantity: 9 }, { where: { contactId: call } })).rejects.toThrow();
    expect(await days()).toEqual({ [parcel]: [1, 4, 1] });
  });
});
