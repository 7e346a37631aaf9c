import { QueryTypes, type QueryInterface } from 'sequelize';

/**
 * Stored answers of staff writes keep ids, not people's details (issue 21, decision 087): each
 * existing record of a staff write (`actorId` set) keeps only `{ kept: { id, clientId?, version? } }`
 * of the body it held; a resend reads the record again. Anonymous enrolment receipts (an id, a
 * status, a reference) are left as they are. There is no way back: `down` keeps the ids.
 */
type Row = { id: string; responseBody: unknown };

function idsOf(body: unknown): { id: string; clientId?: string; version?: number } | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  if ('kept' in body) return undefined;
  const record = body as { _id?: unknown; clientId?: unknown; version?: unknown };
  if (typeof record._id !== 'string') return undefined;
  return {
    id: record._id,
    ...(typeof record.clientId === 'string' ? { clientId: record.clientId } : {}),
    ...(typeof record.version === 'number' ? { version: record.version } : {}),
  };
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const db = qi.sequelize;
  const rows = await db.query<Row>('SELECT id, "responseBody" FROM operations WHERE "actorId" IS NOT NULL', { type: QueryTypes.SELECT });
  for (const row of rows) {
    const body: unknown = typeof row.responseBody === 'string' ? JSON.parse(row.responseBody) : row.responseBody;
    const kept = idsOf(body);
    if (!kept) continue;
    await db.query('UPDATE operations SET "responseBody" = :body WHERE id = :id', { replacements: { body: JSON.stringify({ kept }), id: row.id } });
  }
}

export async function down(): Promise<void> {
  // The details are gone on purpose; records in the new shape are still read by the code that wrote them.
}
