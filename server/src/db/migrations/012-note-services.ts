import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

/**
 * Case notes carry the service they were written under, and a writer may share one with every
 * kaimahi working with the person (issue 21, decision 086). Existing notes get, in order:
 * 1. the service of the client's earliest enrolment that the author works on now;
 * 2. else the service of the client's earliest linked enrolment;
 * 3. else no service, and `shared` true: the client has no enrolment, so only its creator and
 *    managers could see it, and they keep seeing the note as before.
 */
type NoteRow = { id: string; clientId: string; authorId: string };
type EnrolmentRow = { clientId: string; serviceKey: string };
type UserRow = { id: string; services: string | string[] | null };

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addColumn('case_notes', 'serviceKey', { type: DataTypes.STRING(64), allowNull: true });
  await qi.addColumn('case_notes', 'shared', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  const db = qi.sequelize;
  const notes = await db.query<NoteRow>('SELECT id, "clientId", "authorId" FROM case_notes', { type: QueryTypes.SELECT });
  if (notes.length > 0) {
    const enrolments = await db.query<EnrolmentRow>('SELECT "clientId", "serviceKey" FROM enrolments WHERE "clientId" IS NOT NULL ORDER BY "receivedAt", id', {
      type: QueryTypes.SELECT,
    });
    const users = await db.query<UserRow>('SELECT id, services FROM users', { type: QueryTypes.SELECT });
    const servicesOf = new Map(
      users.map((user) => [user.id, typeof user.services === 'string' ? (JSON.parse(user.services) as string[]) : (user.services ?? [])]),
    );
    const enrolledIn = new Map<string, string[]>();
    for (const enrolment of enrolments) enrolledIn.set(enrolment.clientId, [...(enrolledIn.get(enrolment.clientId) ?? []), enrolment.serviceKey]);
    for (const note of notes) {
      const enrolled = enrolledIn.get(note.clientId) ?? [];
      const authors = servicesOf.get(note.authorId) ?? [];
      const serviceKey = enrolled.find((key) => authors.includes(key)) ?? enrolled[0] ?? null;
      await db.query('UPDATE case_notes SET "serviceKey" = :serviceKey, shared = :shared WHERE id = :id', {
        replacements: { serviceKey, shared: serviceKey === null, id: note.id },
      });
    }
  }
  // "Notes of this client the actor may see" reads the index, not every note.
  await qi.addIndex('case_notes', ['clientId', 'serviceKey']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeIndex('case_notes', ['clientId', 'serviceKey']);
  await qi.removeColumn('case_notes', 'shared');
  await qi.removeColumn('case_notes', 'serviceKey');
}
