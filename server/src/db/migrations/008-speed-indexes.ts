import type { QueryInterface } from 'sequelize';

/**
 * Indexes that let the staff lists and the dashboard answer from an index alone at 50,000 rows
 * (decisions 065 and 067):
 * - clients (id, sortName, createdBy): a search or need-to-know check that has a client id
 *   reads the sort key and the creator from the index, never the client's row;
 * - enrolments filtered by service and/or status come out of the index already in the list's
 *   order (receivedAt DESC, id DESC), so the first page stops after the page's rows, and the
 *   date-only index gains the id tie-break for the unfiltered list;
 * - enrolments (clientId, serviceKey): "may this actor see this client?" for one client is one
 *   probe of the index, no enrolment row read (the dashboard's notes of the week).
 * Existing indexes these make redundant are dropped: an enrolment write updates as many indexes
 * as before, a client write one more.
 */
const added: [string, string[]][] = [
  ['clients', ['id', 'sortName', 'createdBy']],
  ['enrolments', ['serviceKey', 'receivedAt', 'id']],
  ['enrolments', ['status', 'receivedAt', 'id']],
  ['enrolments', ['serviceKey', 'status', 'receivedAt', 'id']],
  ['enrolments', ['receivedAt', 'id']],
  ['enrolments', ['clientId', 'serviceKey']],
];
const replaced: [string, string[]][] = [
  ['enrolments', ['serviceKey', 'receivedAt']],
  ['enrolments', ['status', 'receivedAt']],
  ['enrolments', ['receivedAt']],
  ['enrolments', ['clientId']],
  // The dashboard's GROUP BY serviceKey, status reads (serviceKey, status, receivedAt, id) as well.
  ['enrolments', ['serviceKey', 'status']],
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const [table, fields] of added) await qi.addIndex(table, fields);
  for (const [table, fields] of replaced) await qi.removeIndex(table, fields);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const [table, fields] of replaced) await qi.addIndex(table, fields);
  for (const [table, fields] of added) await qi.removeIndex(table, fields);
}
