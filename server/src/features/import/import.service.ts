import crypto from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { foldForSearch, type DuplicateCandidate } from '../../../contract/clients';
import { checkInput } from '../../../contract/errors';
import { nzToday } from '../../../contract/nz-days';
import {
  ImportClientRowSchema,
  importClientFields,
  importLimits,
  type ImportClientField,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportProblem,
} from '../../../contract/import';
import { Client, deriveClientKeys } from '../../db/models/client';
import { ClientSearchTerm } from '../../db/models/client-search-term';
import { sequelize } from '../../db/sequelize';
import { recordAudit, type Actor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { Import, ImportMappingMemory } from './import.model';
import { readSpreadsheet } from './read-file';

/** Headers people give each field, in English and te reo, folded (no macrons, case or punctuation). */
const headerWords: Record<ImportClientField, string[]> = {
  givenName: ['given name', 'given names', 'first name', 'first names', 'firstname', 'forename', 'ingoa', 'ingoa tuatahi', 'ingoa tuarua kore'],
  familyName: ['family name', 'surname', 'last name', 'lastname', 'ingoa whanau', 'ingoa whakamutunga'],
  preferredName: ['preferred name', 'known as', 'nickname', 'ingoa karanga', 'ingoa e mohiotia ana'],
  dateOfBirth: ['date of birth', 'dob', 'birth date', 'birthdate', 'born', 'ra whanau', 'te ra whanau'],
  phone: ['phone', 'phone number', 'mobile', 'cell', 'cellphone', 'telephone', 'waea', 'nama waea', 'waea pukoro'],
  email: ['email', 'e mail', 'email address', 'imera', 'wahitau imera'],
  address: ['address', 'street address', 'home address', 'wahi noho', 'wahitau'],
  suburb: ['suburb', 'town', 'city', 'taone', 'rohe'],
  iwi: ['iwi', 'tribe'],
  hapu: ['hapu', 'subtribe'],
};
const foldHeader = (header: string) =>
  foldForSearch(header)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The field each column fills: remembered from the last import of this kind, else guessed from its header. */
function guessMapping(columns: string[], remembered: ImportMapping): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const known = remembered[column];
    const field = known !== undefined ? known : (importClientFields.find((candidate) => headerWords[candidate].includes(foldHeader(column))) ?? null);
    mapping[column] = field && !taken.has(field) ? field : null;
    if (field) taken.add(field);
  }
  return mapping;
}

/**
 * A date as New Zealanders write it, as YYYY-MM-DD: 25/12/1980, 25-12-80, 25.12.1980 (day
 * first) or 1980-12-25. A two-digit year is this century's when not after this year. The date's
 * own checks (a real date, not in the future) are the schema's; `null` when it cannot be read.
 */
export function readNzDate(text: string, today = new Date()): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (iso) return `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
  if (!dayFirst) return null;
  let year = Number(dayFirst[3]);
  // This year in New Zealand: on the morning of 1 January there, UTC still has last year.
  if (dayFirst[3]!.length === 2) year += year <= Number(nzToday(today.getTime()).slice(0, 4)) % 100 ? 2000 : 1900;
  return `${year}-${pad(Number(dayFirst[2]))}-${pad(Number(dayFirst[1]))}`;
}

type RowValues = Partial<Record<ImportClientField, string>>;
type Keys = { dateOfBirth: string | null; givenKey: string; familyKey: string; phoneKey: string | null; emailKey: string | null };
type Evaluated = {
  problems: ImportProblem[];
  alreadyThere: ImportPreview['alreadyThere'];
  toCreate: { row: number; values: RowValues }[];
  counts: Pick<ImportPreview['counts'], 'withProblems' | 'alreadyThere' | 'repeated' | 'toCreate'>;
};

/** The keys a client's duplicate check compares, derived by the Client model itself (never a copy of its rules). */
function keysOf(values: RowValues): Keys {
  const client = Client.build({
    givenName: values.givenName ?? '',
    familyName: values.familyName ?? '',
    phone: values.phone ?? null,
    email: values.email ?? null,
  } as Client['_creationAttributes']);
  deriveClientKeys(client);
  return {
    dateOfBirth: values.dateOfBirth ?? null,
    givenKey: client.givenKey,
    familyKey: client.familyKey,
    phoneKey: client.phoneKey,
    emailKey: client.emailKey,
  };
}

/** Lookups from each duplicate key to the first record (or row) that has it. */
class KeyIndex<Holder> {
  private readonly byKey = new Map<string, Holder>();
  add(keys: Keys, holder: Holder): void {
    for (const key of this.keysOf(keys)) if (!this.byKey.has(key)) this.byKey.set(key, holder);
  }
  /** The first holder matching, and every reason it matches (as `findDuplicatesOf` gives them). */
  find(keys: Keys): { holder: Holder; reasons: DuplicateCandidate['reasons'] } | null {
    const [dobGiven, dobFamily, phone, email] = this.keysOf(keys, true);
    const found = (key: string | undefined) => (key === undefined ? undefined : this.byKey.get(key));
    // The same phone alone does not make a row a person already there: a whānau often shares one
    // number, and its members come a row each (decision 119). It is named when another key matches.
    const holder = found(dobGiven) ?? found(dobFamily) ?? found(email);
    if (holder === undefined) return null;
    const reasons: DuplicateCandidate['reasons'] = [];
    if (found(dobGiven) === holder || found(dobFamily) === holder) reasons.push('dateOfBirthAndName');
    if (found(phone) === holder) reasons.push('phone');
    if (found(email) === holder) reasons.push('email');
    return { holder, reasons };
  }
  private keysOf(keys: Keys, keepPlaces: true): (string | undefined)[];
  private keysOf(keys: Keys): string[];
  private keysOf(keys: Keys, keepPlaces = false): (string | undefined)[] {
    const all = [
      keys.dateOfBirth ? `d\u0000${keys.dateOfBirth}\u0000${keys.givenKey}` : undefined,
      keys.dateOfBirth ? `f\u0000${keys.dateOfBirth}\u0000${keys.familyKey}` : undefined,
      keys.phoneKey ? `p\u0000${keys.phoneKey}` : undefined,
      keys.emailKey ? `e\u0000${keys.emailKey}` : undefined,
    ];
    return keepPlaces ? all : all.filter((key): key is string => key !== undefined);
  }
}

/** Every live client's duplicate keys, read once (a preview compares every row with all of them). */
async function existingClients(transaction?: Transaction): Promise<KeyIndex<string>> {
  const index = new KeyIndex<string>();
  const rows = await sequelize.query<Keys & { id: string }>(
    'SELECT id, "dateOfBirth", "givenKey", "familyKey", "phoneKey", "emailKey" FROM clients WHERE "mergedInto" IS NULL AND "erasedAt" IS NULL ORDER BY "createdAt", id',
    { type: QueryTypes.SELECT, transaction },
  );
  for (const row of rows) index.add(row, row.id);
  return index;
}

/** Reads each row through the mapping and the client schema, and sorts it: a problem, already there, a repeat, or to create. */
async function evaluate(file: Import, transaction?: Transaction): Promise<Evaluated> {
  const existing = await existingClients(transaction);
  const earlier = new KeyIndex<number>();
  const evaluated: Evaluated = { problems: [], alreadyThere: [], toCreate: [], counts: { withProblems: 0, alreadyThere: 0, repeated: 0, toCreate: 0 } };
  const columnOf = Object.entries(file.mapping).flatMap(([column, field]) => (field ? [[field, file.columns.indexOf(column)] as const] : []));
  for (const [row, cells] of file.rows) {
    const values: RowValues = {};
    const problems: ImportProblem[] = [];
    for (const [field, at] of columnOf) {
      const text = at >= 0 ? (cells[at] ?? '') : '';
      if (text) values[field] = text;
    }
    if (values.dateOfBirth) {
      const date = readNzDate(values.dateOfBirth);
      if (date) values.dateOfBirth = date;
      else problems.push({ row, field: 'dateOfBirth', msg: `Date of birth "${values.dateOfBirth}" cannot be read: write it like 25/12/1980 or 1980-12-25` });
    }
    const checked = checkInput(ImportClientRowSchema, values);
    if (!checked.success) {
      for (const error of checked.errors)
        if (!(error.param === 'dateOfBirth' && problems.length)) problems.push({ row, field: error.param ?? null, msg: error.msg });
    }
    if (problems.length) {
      evaluated.counts.withProblems++;
      evaluated.problems.push(...problems);
      continue;
    }
    const keys = keysOf(values);
    const there = existing.find(keys);
    if (there) {
      evaluated.counts.alreadyThere++;
      evaluated.alreadyThere.push({ row, clientId: there.holder, sameAsRow: null, reasons: there.reasons });
      continue;
    }
    const repeat = earlier.find(keys);
    if (repeat) {
      evaluated.counts.repeated++;
      evaluated.alreadyThere.push({ row, clientId: null, sameAsRow: repeat.holder, reasons: repeat.reasons });
      continue;
    }
    earlier.add(keys, row);
    evaluated.counts.toCreate++;
    evaluated.toCreate.push({ row, values });
  }
  return evaluated;
}

function present(file: Import, evaluated: Evaluated | null): ImportPreview {
  return {
    _id: file.id,
    kind: file.kind,
    name: file.name,
    status: file.status,
    columns: file.columns,
    mapping: file.mapping,
    counts: {
      rows: file.rows.length,
      blank: file.blank,
      withProblems: evaluated?.counts.withProblems ?? 0,
      alreadyThere: evaluated?.counts.alreadyThere ?? 0,
      repeated: evaluated?.counts.repeated ?? 0,
      toCreate: evaluated?.counts.toCreate ?? 0,
      created: file.created.length,
    },
    problems: (evaluated?.problems ?? []).slice(0, importLimits.problemsShownMax),
    alreadyThere: (evaluated?.alreadyThere ?? []).slice(0, importLimits.problemsShownMax),
    createdAt: file.createdAt.toISOString(),
    createdBy: file.createdBy,
    confirmedAt: file.confirmedAt?.toISOString() ?? null,
    undoneAt: file.undoneAt?.toISOString() ?? null,
  };
}

/** `POST /api/imports`: reads the file, guesses (or remembers) its mapping, and previews it. Nothing of the trust's records is written. */
export async function uploadImport(actor: Actor, kind: ImportKind, name: string, bytes: Buffer): Promise<ImportPreview> {
  const read = await readSpreadsheet(bytes);
  const remembered = (await ImportMappingMemory.findByPk(kind))?.mapping ?? {};
  const file = await Import.create({
    id: crypto.randomUUID(),
    kind,
    name: name.normalize('NFC'),
    status: 'preview',
    columns: read.columns,
    rows: read.rows,
    blank: read.blank,
    mapping: guessMapping(read.columns, remembered),
    created: [],
    createdBy: actor.id,
    createdAt: new Date(),
  });
  return present(file, await evaluate(file));
}

async function findImport(id: string, transaction?: Transaction): Promise<Import> {
  const file = await Import.findByPk(id, { transaction, ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}) });
  if (!file) throw notFound('Import not found');
  return file;
}

/** `GET /api/imports/{id}`: the preview again (or what a confirmed import did). */
export async function viewImport(id: string): Promise<ImportPreview> {
  const file = await findImport(id);
  return present(file, file.status === 'preview' ? await evaluate(file) : null);
}

/** `PUT /api/imports/{id}/mapping`: another mapping of the file's columns, previewed. Columns not named map to nothing. */
export async function remapImport(id: string, mapping: ImportMapping): Promise<ImportPreview> {
  const file = await findImport(id);
  if (file.status !== 'preview') throw conflict('This import was already confirmed');
  const fields = Object.values(mapping).filter((field) => field !== null);
  if (new Set(fields).size !== fields.length) throw conflict('Each field can be filled from one column only', 'mapping');
  await file.update({ mapping: Object.fromEntries(file.columns.map((column) => [column, mapping[column] ?? null])) });
  return present(file, await evaluate(file));
}

/**
 * `POST /api/imports/{id}/confirm`: in one transaction, every row without problems that is not
 * already there becomes a client record (each with its `create` event), and the import's own
 * event holds the counts; the mapping is remembered for the next file of this kind.
 */
export function confirmImport(actor: Actor, id: string): Promise<ImportPreview> {
  return sequelize.transaction(async (transaction) => {
    const file = await findImport(id, transaction);
    if (file.status !== 'preview') throw conflict('This import was already confirmed');
    const evaluated = await evaluate(file, transaction);
    const created: string[] = [];
    for (const { values } of evaluated.toCreate) {
      const client = await Client.create({ id: crypto.randomUUID(), ...values, createdBy: actor.id, updatedBy: actor.id } as Client['_creationAttributes'], {
        transaction,
      });
      created.push(client.id);
      await recordAudit(
        actor,
        { action: 'create', entity: 'client', entityId: client.id, clientId: client.id, fields: Object.keys(values), details: { importId: file.id } },
        transaction,
      );
    }
    await file.update({ status: 'confirmed', created, confirmedAt: new Date() }, { transaction });
    await ImportMappingMemory.upsert({ kind: file.kind, mapping: file.mapping, updatedAt: new Date() }, { transaction });
    const counts = {
      created: created.length,
      rows: file.rows.length,
      withProblems: evaluated.counts.withProblems,
      alreadyThere: evaluated.counts.alreadyThere + evaluated.counts.repeated,
    };
    await recordAudit(
      actor,
      {
        action: 'import',
        entity: 'import',
        entityId: file.id,
        details: { kind: file.kind, name: file.name, ...Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, String(value)])) },
      },
      transaction,
    );
    return present(file, evaluated);
  });
}

/**
 * `POST /api/imports/{id}/undo`: removes every record the import created, while none of them has
 * changed since (an edit, a note, an enrolment, a whānau, a merge): otherwise 409 and nothing
 * is removed. The records' `create` events stay on the trail, with the undo beside them.
 */
export function undoImport(actor: Actor, id: string): Promise<ImportPreview> {
  return sequelize.transaction(async (transaction) => {
    const file = await findImport(id, transaction);
    if (file.status !== 'confirmed') throw conflict(file.status === 'undone' ? 'This import was already undone' : 'This import was not confirmed');
    const ids = file.created;
    if (ids.length) {
      const changed = await sequelize.query<{ id: string }>(
        `SELECT c.id FROM clients c WHERE c.id IN (:ids) AND (c.version <> 1 OR c."mergedInto" IS NOT NULL
           OR EXISTS (SELECT 1 FROM case_notes n WHERE n."clientId" = c.id)
           OR EXISTS (SELECT 1 FROM enrolments e WHERE e."clientId" = c.id)
           OR EXISTS (SELECT 1 FROM whanau_members m WHERE m."clientId" = c.id)
           OR EXISTS (SELECT 1 FROM contacts k WHERE k."clientId" = c.id)
           OR EXISTS (SELECT 1 FROM client_merges g WHERE g."keptId" = c.id OR g."otherId" = c.id))
         LIMIT 1`,
        { type: QueryTypes.SELECT, replacements: { ids }, transaction },
      );
      if (changed.length) throw conflict('A record of this import has changed since, so the import can no longer be undone as a whole');
      for (let at = 0; at < ids.length; at += 500) {
        const part = ids.slice(at, at + 500);
        await ClientSearchTerm.destroy({ where: { clientId: part }, transaction });
        await Client.destroy({ where: { id: part }, transaction });
      }
    }
    await file.update({ status: 'undone', undoneAt: new Date() }, { transaction });
    await recordAudit(
      actor,
      { action: 'import.undo', entity: 'import', entityId: file.id, details: { kind: file.kind, name: file.name, removed: String(ids.length) } },
      transaction,
    );
    return present(file, null);
  });
}
