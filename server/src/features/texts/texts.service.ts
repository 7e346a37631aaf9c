import { Op, type Transaction } from 'sequelize';
import { aboutPageSeed, type AboutPage, type AboutTexts, type AboutTextsMi } from '../../../contract/about-page';
import { earlierStatementVersions, type PrivacyStatement } from '../../../contract/enrolment-form';
import type { UpdateAboutInput, UpdatePrivacyStatementInput } from '../../../contract/public-texts';
import { PrivacyStatementRow } from '../../db/models/privacy-statement';
import { PublicText } from '../../db/models/public-text';
import { sequelize } from '../../db/sequelize';
import { now } from '../../lib/clock';

/** Drops the parts left empty (`undefined`), so what is stored holds only what was written. */
const writtenOnly = <Value>(value: Value): Value => JSON.parse(JSON.stringify(value)) as Value;

/** `GET /api/content/about`: the About page in both languages (the first version until a manager saves one). */
export async function readAbout(): Promise<AboutPage> {
  const row = await PublicText.findByPk('about');
  if (!row) return { en: aboutPageSeed, mi: {}, updatedAt: null };
  return { en: row.en as AboutTexts, mi: row.mi as AboutTextsMi, updatedAt: row.updatedAt.toISOString() };
}

export async function updateAbout({ en, mi }: UpdateAboutInput): Promise<AboutPage> {
  await sequelize.transaction(async (transaction) => {
    const row = await PublicText.findByPk('about', { transaction, lock: transaction.LOCK.UPDATE });
    const texts = { en: writtenOnly(en), mi: writtenOnly(mi) };
    if (row) await row.update({ ...texts, updatedAt: new Date() }, { transaction });
    else await PublicText.create({ name: 'about', ...texts }, { transaction });
  });
  return readAbout();
}

/** Every stored wording, newest first. */
function listStatements(transaction?: Transaction): Promise<PrivacyStatementRow[]> {
  return PrivacyStatementRow.findAll({ order: [['publishedAt', 'DESC']], ...(transaction && { transaction }) });
}

function presentStatement(rows: PrivacyStatementRow[]): PrivacyStatement {
  const [current] = rows;
  if (!current) throw new Error('the seed stores the first privacy statement');
  return {
    version: current.version,
    en: current.en,
    mi: current.mi,
    publishedAt: current.publishedAt.toISOString(),
    versions: [...rows.map((row) => row.version), ...earlierStatementVersions.filter((version) => !rows.some((row) => row.version === version))],
  };
}

/** `GET /api/content/privacy`: the current wording and every version an enrolment may name. */
export async function readPrivacyStatement(): Promise<PrivacyStatement> {
  return presentStatement(await listStatements());
}

const sameWords = (a: readonly string[] | null, b: readonly string[] | null) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The New Zealand date of a moment, `YYYY-MM-DD`. */
function nzDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Publishes a new wording under a new version: the New Zealand date, with `.2`, `.3` … for a
 * further change the same day. The same words again (in both languages) publish nothing.
 * Earlier wordings stay: enrolments sent under them, even from a phone that waited offline, are
 * still accepted with the version their person agreed to (decision 094).
 */
export async function publishPrivacyStatement(input: UpdatePrivacyStatementInput): Promise<{ statement: PrivacyStatement; published: boolean }> {
  const published = await sequelize.transaction(async (transaction) => {
    const rows = await listStatements(transaction);
    const current = rows[0];
    if (current && sameWords(current.en, input.en) && sameWords(current.mi, input.mi)) return false;
    const at = new Date(Math.max(now(), (current?.publishedAt.getTime() ?? 0) + 1));
    const day = nzDate(at);
    const taken = await PrivacyStatementRow.count({ where: { version: { [Op.or]: [day, { [Op.like]: `${day}.%` }] } }, transaction });
    const version = taken === 0 ? day : `${day}.${taken + 1}`;
    await PrivacyStatementRow.create({ version, en: input.en, mi: input.mi, publishedAt: at }, { transaction });
    return true;
  });
  return { statement: await readPrivacyStatement(), published };
}
