import { QueryTypes, type QueryInterface } from 'sequelize';

/**
 * Search by the last digits of a phone (issue 20): `?q=4567` finds "021 555 4567". Search terms
 * are matched by prefix (decision 021), so each phone also gets its digits reversed behind a `~`
 * (a character no folded word holds): the last digits are then a prefix of that term. New and
 * changed clients get it from the model; this adds it to every client there is.
 */
const marker = '~';

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const rows = await qi.sequelize.query<{ id: string; phone: string }>('SELECT id, phone FROM clients WHERE phone IS NOT NULL', { type: QueryTypes.SELECT });
  for (const row of rows) {
    const digits = row.phone.replace(/\D/g, '');
    if (!digits) continue;
    const term = `${marker}${[...digits].reverse().join('')}`.slice(0, 254);
    await qi.sequelize.query('INSERT INTO client_search_terms (term, "clientId") VALUES (:term, :id) ON CONFLICT DO NOTHING', {
      replacements: { term, id: row.id },
    });
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`DELETE FROM client_search_terms WHERE term LIKE '${marker}%'`);
}
