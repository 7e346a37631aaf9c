import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

/**
 * A whānau's own notes carry the service they were written under and who wrote them, as case
 * notes do (issue 32, decisions 086 and 111). Existing notes get:
 * - as writer, the last person the field history names changing them, else the whānau's creator;
 * - as service, of the linked members' enrolments (earliest first) the first the writer works on
 *   now; else the writer's first service; a writer with none (a manager), the members' earliest
 *   enrolment, as for new notes; else none (then only the writer and managers see them).
 *   Not "the earliest enrolment" as for case notes: a whānau spans services, and notes written by
 *   a kaimahi of one must not open to another because of when a member enrolled.
 */
type WhanauRow = { id: string; createdBy: string | null };
type ChangeRow = { entityId: string; actorId: string | null };
type EnrolmentRow = { whanauId: string; serviceKey: string };
type UserRow = { id: string; services: string | string[] | null };

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addColumn('whanau', 'notesServiceKey', { type: DataTypes.STRING(64), allowNull: true });
  await qi.addColumn('whanau', 'notesBy', { type: DataTypes.UUID, allowNull: true });
  const db = qi.sequelize;
  const rows = await db.query<WhanauRow>(`SELECT id, "createdBy" FROM whanau WHERE notes IS NOT NULL AND notes <> ''`, { type: QueryTypes.SELECT });
  if (rows.length === 0) return;
  const changes = await db.query<ChangeRow>(`SELECT "entityId", "actorId" FROM field_changes WHERE entity = 'whanau' AND field = 'notes' ORDER BY seq`, {
    type: QueryTypes.SELECT,
  });
  const lastWriter = new Map(changes.map((change) => [change.entityId, change.actorId]));
  const enrolments = await db.query<EnrolmentRow>(
    `SELECT m."whanauId", e."serviceKey" FROM whanau_members m JOIN enrolments e ON e."clientId" = m."clientId" WHERE m."unlinkedAt" IS NULL ORDER BY e."receivedAt", e.id`,
    { type: QueryTypes.SELECT },
  );
  const enrolledIn = new Map<string, string[]>();
  for (const enrolment of enrolments) enrolledIn.set(enrolment.whanauId, [...(enrolledIn.get(enrolment.whanauId) ?? []), enrolment.serviceKey]);
  const users = await db.query<UserRow>('SELECT id, services FROM users', { type: QueryTypes.SELECT });
  const servicesOf = new Map(
    users.map((user) => [user.id, typeof user.services === 'string' ? (JSON.parse(user.services) as string[]) : (user.services ?? [])]),
  );
  for (const row of rows) {
    const writer = lastWriter.get(row.id) ?? row.createdBy;
    const own = writer ? (servicesOf.get(writer) ?? []) : [];
    const enrolled = enrolledIn.get(row.id) ?? [];
    const serviceKey = enrolled.find((key) => own.includes(key)) ?? own[0] ?? enrolled[0] ?? null;
    await db.query('UPDATE whanau SET "notesServiceKey" = :serviceKey, "notesBy" = :writer WHERE id = :id', {
      replacements: { serviceKey, writer, id: row.id },
    });
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeColumn('whanau', 'notesBy');
  await qi.removeColumn('whanau', 'notesServiceKey');
}
