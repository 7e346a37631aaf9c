import crypto from 'node:crypto';
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { foldForSearch, type DuplicateCandidate } from '../../../contract/clients';
import { checkInput } from '../../../contract/errors';
import { nzDayStart, nzToday } from '../../../contract/nz-days';
import { serviceCatalogue } from '../../../contract/catalogue';
import { enrolmentStatuses, type EnrolmentStatus } from '../../../contract/enrolments';
import {
  ImportClientRowSchema,
  importClientFields,
  importFieldsOf,
  importLimits,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportProblem,
} from '../../../contract/import';
import { relationships, type Relationship } from '../../../contract/whanau';
import { Client, deriveClientKeys } from '../../db/models/client';
import { Enrolment } from '../../db/models/enrolment';
import { Whanau, WhanauMember } from '../../db/models/whanau';
import { ClientSearchTerm } from '../../db/models/client-search-term';
import { sequelize } from '../../db/sequelize';
import { recordAudit, type Actor } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { createdOf, Import, ImportMappingMemory, type ImportCreated } from './import.model';
import { readSpreadsheet } from './read-file';

/** Headers people give each field, in English and te reo, folded (no macrons, case or punctuation). */
const headerWords: Record<ImportField, string[]> = {
  whanauName: ['whanau', 'whanau name', 'family', 'household', 'ingoa o te whanau', 'te whanau'],
  relationship: ['relationship', 'relation', 'role', 'whakapapa', 'hononga'],
  service: ['service', 'programme', 'program', 'ratonga'],
  enrolledOn: ['date', 'enrolled', 'enrolled on', 'enrolment date', 'start date', 'started', 'referral date', 'received', 'ra', 'ra i uru'],
  status: ['status', 'outcome', 'state', 'tunga'],
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
function guessMapping(kind: ImportKind, columns: string[], remembered: ImportMapping): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  const fields: readonly ImportField[] = importFieldsOf[kind];
  for (const column of columns) {
    const known = remembered[column];
    const field = known !== undefined ? known : (fields.find((candidate) => headerWords[candidate].includes(foldHeader(column))) ?? null);
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

type RowValues = Partial<Record<ImportField, string>>;
type Keys = { dateOfBirth: string | null; givenKey: string; familyKey: string; phoneKey: string | null; emailKey: string | null };
/**
 * A row to write: its person (one already in the app, one an earlier row creates, or new) and,
 * for a whānau or enrolments file, what to add for them (a membership of the row's whānau, or
 * an enrolment).
 */
type ToWrite = {
  row: number;
  values: RowValues;
  person: { clientId: string } | { row: number };
  whanau?: { key: string; name: string; whanauId: string | null; relationship: Relationship; relationshipText: string | null };
  enrolment?: { serviceKey: string; on: string; status: EnrolmentStatus };
};
type Evaluated = {
  problems: ImportProblem[];
  alreadyThere: ImportPreview['alreadyThere'];
  toWrite: ToWrite[];
  counts: Pick<ImportPreview['counts'], 'withProblems' | 'alreadyThere' | 'repeated' | 'toCreate' | 'toAdd' | 'whanauToCreate'>;
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

/** What is in the app already that a whānau or enrolments file adds to: whānau by folded name, memberships, and enrolments by person, service and day. */
type Existing = { whanau: Map<string, string>; members: Set<string>; enrolments: Set<string> };

async function existingRecords(kind: ImportKind, transaction?: Transaction): Promise<Existing> {
  const existing: Existing = { whanau: new Map(), members: new Set(), enrolments: new Set() };
  if (kind === 'whanau') {
    const whanau = await sequelize.query<{ id: string; nameKey: string }>('SELECT id, "nameKey" FROM whanau ORDER BY "createdAt", id', {
      type: QueryTypes.SELECT,
      transaction,
    });
    for (const row of whanau) if (!existing.whanau.has(row.nameKey)) existing.whanau.set(row.nameKey, row.id);
    const members = await sequelize.query<{ whanauId: string; clientId: string }>(
      'SELECT "whanauId", "clientId" FROM whanau_members WHERE "unlinkedAt" IS NULL',
      {
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    for (const row of members) existing.members.add(`${row.whanauId} ${row.clientId}`);
  }
  if (kind === 'enrolments') {
    const enrolments = await sequelize.query<{ clientId: string; serviceKey: string; receivedAt: unknown }>(
      'SELECT "clientId", "serviceKey", "receivedAt" FROM enrolments WHERE "clientId" IS NOT NULL',
      { type: QueryTypes.SELECT, transaction },
    );
    for (const row of enrolments) existing.enrolments.add(`${row.clientId} ${row.serviceKey} ${nzToday(new Date(row.receivedAt as string).getTime())}`);
  }
  return existing;
}

/** A service named by its key or its title, in English or te reo Māori, macrons and case aside. */
const serviceByName = new Map(serviceCatalogue.flatMap((service) => [service.key, service.title].map((name) => [foldHeader(name), service.key])));
const statusByName = new Map<string, EnrolmentStatus>(enrolmentStatuses.map((status) => [status, status]));
const relationshipByName = new Map<string, Relationship>([
  ...relationships.map((relationship) => [relationship, relationship] as const),
  ...(
    [
      ['mother', 'parent'],
      ['father', 'parent'],
      ['mum', 'parent'],
      ['dad', 'parent'],
      ['matua', 'parent'],
      ['whaea', 'parent'],
      ['son', 'child'],
      ['daughter', 'child'],
      ['tamaiti', 'child'],
      ['wife', 'partner'],
      ['husband', 'partner'],
      ['hoa rangatira', 'partner'],
      ['grandmother', 'grandparent'],
      ['grandfather', 'grandparent'],
      ['kuia', 'grandparent'],
      ['koro', 'grandparent'],
      ['koroua', 'grandparent'],
      ['grandchild', 'mokopuna'],
      ['brother', 'sibling'],
      ['sister', 'sibling'],
      ['tuakana', 'sibling'],
      ['teina', 'sibling'],
    ] as const
  ).map(([word, relationship]) => [word, relationship] as const),
]);

/** The whānau or enrolment a row adds, read from its cells; the problems when they cannot be read. */
function readAddition(kind: ImportKind, row: number, values: RowValues, problems: ImportProblem[]): Pick<ToWrite, 'whanau' | 'enrolment'> {
  if (kind === 'whanau') {
    const name = values.whanauName?.normalize('NFC').trim() ?? '';
    if (!name) problems.push({ row, field: 'whanauName', msg: 'Whānau name is missing' });
    else if (name.length > 200) problems.push({ row, field: 'whanauName', msg: 'Whānau name must be at most 200 characters' });
    const said = values.relationship?.trim() ?? '';
    const relationship = relationshipByName.get(foldHeader(said)) ?? 'other';
    return {
      whanau: { key: foldForSearch(name), name, whanauId: null, relationship, relationshipText: relationship === 'other' && said ? said.slice(0, 100) : null },
    };
  }
  if (kind === 'enrolments') {
    const serviceKey = values.service ? serviceByName.get(foldHeader(values.service)) : undefined;
    if (!values.service) problems.push({ row, field: 'service', msg: 'Service is missing' });
    else if (!serviceKey) problems.push({ row, field: 'service', msg: `Service "${values.service}" does not exist` });
    const on = values.enrolledOn ? readNzDate(values.enrolledOn) : null;
    if (!values.enrolledOn) problems.push({ row, field: 'enrolledOn', msg: 'Enrolment date is missing' });
    else if (!on || Number.isNaN(Date.parse(`${on}T00:00:00Z`)) || new Date(`${on}T00:00:00Z`).toISOString().slice(0, 10) !== on) {
      problems.push({ row, field: 'enrolledOn', msg: `Enrolment date "${values.enrolledOn}" cannot be read: write it like 25/12/2024 or 2024-12-25` });
    } else if (on > nzToday() || on < '2000-01-01') problems.push({ row, field: 'enrolledOn', msg: 'Enrolment date must be between 2000 and today' });
    const status = values.status ? statusByName.get(foldHeader(values.status)) : 'completed';
    if (!status) problems.push({ row, field: 'status', msg: `Status "${values.status}" is not one of: ${enrolmentStatuses.join(', ')}` });
    return { enrolment: { serviceKey: serviceKey ?? '', on: on ?? '', status: status ?? 'completed' } };
  }
  return {};
}

/**
 * Reads each row through the mapping and the client schema, and sorts it: a problem, already
 * there (nothing to add), a repeat of an earlier row, or to write (a person to create, and for a
 * whānau or enrolments file what to add for them).
 */
async function evaluate(file: Import, transaction?: Transaction): Promise<Evaluated> {
  const [people, existing] = await Promise.all([existingClients(transaction), existingRecords(file.kind, transaction)]);
  const earlier = new KeyIndex<number>();
  const added = new Set<string>();
  const newWhanau = new Set<string>();
  const evaluated: Evaluated = {
    problems: [],
    alreadyThere: [],
    toWrite: [],
    counts: { withProblems: 0, alreadyThere: 0, repeated: 0, toCreate: 0, toAdd: 0, whanauToCreate: 0 },
  };
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
    const person = Object.fromEntries(importClientFields.flatMap((field) => (values[field] ? [[field, values[field]]] : [])));
    const checked = checkInput(ImportClientRowSchema, person);
    if (!checked.success) {
      for (const error of checked.errors)
        if (!(error.param === 'dateOfBirth' && problems.length)) problems.push({ row, field: error.param ?? null, msg: error.msg });
    }
    const addition = readAddition(file.kind, row, values, problems);
    if (problems.length) {
      evaluated.counts.withProblems++;
      evaluated.problems.push(...problems);
      continue;
    }
    const keys = keysOf(values);
    const there = people.find(keys);
    const repeat = there ? null : earlier.find(keys);
    const who: ToWrite['person'] = there ? { clientId: there.holder } : repeat ? { row: repeat.holder } : { row };
    // What the row adds for its person, named so a second row adding the same is a repeat.
    let addedKey: string | null = null;
    if (addition.whanau) {
      const whanauId = existing.whanau.get(addition.whanau.key) ?? null;
      addition.whanau.whanauId = whanauId;
      if (there && whanauId && existing.members.has(`${whanauId} ${there.holder}`)) addedKey = null;
      else addedKey = `w ${addition.whanau.key} ${'clientId' in who ? who.clientId : who.row}`;
    } else if (addition.enrolment) {
      const { serviceKey, on } = addition.enrolment;
      if (there && existing.enrolments.has(`${there.holder} ${serviceKey} ${on}`)) addedKey = null;
      else addedKey = `e ${serviceKey} ${on} ${'clientId' in who ? who.clientId : who.row}`;
    }
    const addsNothing = file.kind === 'clients' ? Boolean(there || repeat) : addedKey === null || added.has(addedKey);
    if (addsNothing) {
      const sameAsRow = there ? null : repeat ? repeat.holder : null;
      if (sameAsRow !== null || (addedKey !== null && added.has(addedKey))) evaluated.counts.repeated++;
      else evaluated.counts.alreadyThere++;
      evaluated.alreadyThere.push({ row, clientId: there?.holder ?? null, sameAsRow, reasons: there?.reasons ?? repeat?.reasons ?? [] });
      continue;
    }
    if (addedKey) added.add(addedKey);
    if (!there && !repeat) {
      earlier.add(keys, row);
      evaluated.counts.toCreate++;
    }
    if (file.kind !== 'clients') evaluated.counts.toAdd++;
    if (addition.whanau && !addition.whanau.whanauId && !newWhanau.has(addition.whanau.key)) {
      newWhanau.add(addition.whanau.key);
      evaluated.counts.whanauToCreate++;
    }
    evaluated.toWrite.push({ row, values, person: who, ...addition });
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
      rows: file.rowCount,
      blank: file.blank,
      withProblems: evaluated?.counts.withProblems ?? 0,
      alreadyThere: evaluated?.counts.alreadyThere ?? 0,
      repeated: evaluated?.counts.repeated ?? 0,
      toCreate: evaluated?.counts.toCreate ?? 0,
      toAdd: evaluated?.counts.toAdd ?? 0,
      whanauToCreate: evaluated?.counts.whanauToCreate ?? 0,
      created: Object.values(createdOf(file)).reduce((sum, ids) => sum + ids.length, 0),
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
    rowCount: read.rows.length,
    blank: read.blank,
    mapping: guessMapping(kind, read.columns, remembered),
    created: { clients: [], whanau: [], members: [], enrolments: [] },
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
  const allowed: readonly ImportField[] = importFieldsOf[file.kind];
  const foreign = Object.entries(mapping).find(([, field]) => field !== null && !allowed.includes(field));
  if (foreign) throw badRequest(`${kindWords[file.kind]} cannot fill ${foreign[1]}`, `mapping.${foreign[0]}`);
  if (new Set(fields).size !== fields.length) throw conflict('Each field can be filled from one column only', 'mapping');
  await file.update({ mapping: Object.fromEntries(file.columns.map((column) => [column, mapping[column] ?? null])) });
  return present(file, await evaluate(file));
}

/** What each kind of file is called in a message. */
const kindWords: Record<ImportKind, string> = { clients: 'A file of people', whanau: 'A file of whānau', enrolments: 'A file of enrolments' };

/** A client made from a row's person fields, with its `create` event naming the import. */
async function createPerson(actor: Actor, file: Import, values: RowValues, transaction: Transaction): Promise<string> {
  const fields = Object.fromEntries(importClientFields.flatMap((field) => (values[field] ? [[field, values[field]]] : [])));
  const client = await Client.create({ id: crypto.randomUUID(), ...fields, createdBy: actor.id, updatedBy: actor.id } as Client['_creationAttributes'], {
    transaction,
  });
  await recordAudit(
    actor,
    { action: 'create', entity: 'client', entityId: client.id, clientId: client.id, fields: Object.keys(fields), details: { importId: file.id } },
    transaction,
  );
  return client.id;
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
    const created: ImportCreated = { clients: [], whanau: [], members: [], enrolments: [] };
    const personOfRow = new Map<number, string>();
    const whanauOfKey = new Map<string, string>();
    for (const write of evaluated.toWrite) {
      const clientId = 'clientId' in write.person ? write.person.clientId : personOfRow.get(write.person.row);
      const person = clientId ?? (await createPerson(actor, file, write.values, transaction));
      if (!clientId) {
        personOfRow.set(write.row, person);
        created.clients.push(person);
      }
      if (write.whanau) {
        let whanauId = write.whanau.whanauId ?? whanauOfKey.get(write.whanau.key);
        if (!whanauId) {
          whanauId = crypto.randomUUID();
          await Whanau.create(
            { id: whanauId, name: write.whanau.name, leadClientId: null, notes: null, createdBy: actor.id, updatedBy: actor.id },
            { transaction },
          );
          await recordAudit(actor, { action: 'create', entity: 'whanau', entityId: whanauId, fields: ['name'], details: { importId: file.id } }, transaction);
          created.whanau.push(whanauId);
        }
        whanauOfKey.set(write.whanau.key, whanauId);
        const member = await WhanauMember.create(
          {
            id: crypto.randomUUID(),
            whanauId,
            clientId: person,
            relationship: write.whanau.relationship,
            relationshipText: write.whanau.relationshipText,
            createdBy: actor.id,
          },
          { transaction },
        );
        created.members.push(member.id);
        await recordAudit(
          actor,
          { action: 'create', entity: 'member', entityId: member.id, clientId: person, fields: ['whanauId', 'relationship'], details: { importId: file.id } },
          transaction,
        );
      }
      if (write.enrolment) {
        const receivedAt = nzDayStart(write.enrolment.on);
        const enrolment = await Enrolment.create(
          {
            id: crypto.randomUUID(),
            serviceKey: write.enrolment.serviceKey,
            clientId: person,
            givenName: write.values.givenName ?? '',
            familyName: write.values.familyName ?? '',
            dateOfBirth: write.values.dateOfBirth ?? null,
            phone: write.values.phone ?? null,
            email: write.values.email ?? null,
            suburb: write.values.suburb ?? null,
            iwi: write.values.iwi ?? null,
            householdSize: null,
            preferredContact: write.values.phone ? 'phone' : 'email',
            message: null,
            // Consent was taken by the system the trust used then: the file stands for it (decision 119).
            consentStatementVersion: 'import',
            consentedAt: receivedAt,
            status: write.enrolment.status,
            source: 'staff',
            receivedAt,
          },
          { transaction },
        );
        created.enrolments.push(enrolment.id);
        await recordAudit(
          actor,
          { action: 'create', entity: 'enrolment', entityId: enrolment.id, clientId: person, fields: ['serviceKey', 'status'], details: { importId: file.id } },
          transaction,
        );
      }
    }
    // The rows go: what the import made is in `created`, and the people's details are in their records.
    await file.update({ status: 'confirmed', created, rows: [], confirmedAt: new Date() }, { transaction });
    await ImportMappingMemory.upsert({ kind: file.kind, mapping: file.mapping, updatedAt: new Date() }, { transaction });
    const counts = {
      created: created.clients.length,
      ...(file.kind === 'whanau' ? { whanauCreated: created.whanau.length, membersAdded: created.members.length } : {}),
      ...(file.kind === 'enrolments' ? { enrolmentsAdded: created.enrolments.length } : {}),
      rows: file.rowCount,
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
    const created = createdOf(file);
    // An empty list would be `IN ()`, which neither database accepts: a list of one id no record has.
    const listOf = (ids: string[]) => (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
    const replacements = {
      clients: listOf(created.clients),
      whanau: listOf(created.whanau),
      members: listOf(created.members),
      enrolments: listOf(created.enrolments),
    };
    // Changed since: an edit, a note, a contact, a merge, or a membership, enrolment, goal or follow-up this import did not make.
    const changed = await sequelize.query<{ id: string }>(
      `SELECT c.id FROM clients c WHERE c.id IN (:clients) AND (c.version <> 1 OR c."mergedInto" IS NOT NULL
         OR EXISTS (SELECT 1 FROM case_notes n WHERE n."clientId" = c.id)
         OR EXISTS (SELECT 1 FROM enrolments e WHERE e."clientId" = c.id AND e.id NOT IN (:enrolments))
         OR EXISTS (SELECT 1 FROM whanau_members m WHERE m."clientId" = c.id AND m.id NOT IN (:members))
         OR EXISTS (SELECT 1 FROM contacts k WHERE k."clientId" = c.id)
         OR EXISTS (SELECT 1 FROM client_merges g WHERE g."keptId" = c.id OR g."otherId" = c.id))
       UNION SELECT w.id FROM whanau w WHERE w.id IN (:whanau) AND (w.version <> 1
         OR EXISTS (SELECT 1 FROM whanau_members m WHERE m."whanauId" = w.id AND m.id NOT IN (:members))
         OR EXISTS (SELECT 1 FROM goals g WHERE g."whanauId" = w.id)
         OR EXISTS (SELECT 1 FROM tasks t WHERE t."whanauId" = w.id)
         OR EXISTS (SELECT 1 FROM contacts k WHERE k."whanauId" = w.id))
       UNION SELECT m.id FROM whanau_members m WHERE m.id IN (:members) AND m."unlinkedAt" IS NOT NULL
       UNION SELECT e.id FROM enrolments e WHERE e.id IN (:enrolments) AND e.version <> 1`,
      { type: QueryTypes.SELECT, replacements, transaction },
    );
    if (changed.length) throw conflict('A record of this import has changed since, so the import can no longer be undone as a whole');
    for (let at = 0; at < created.enrolments.length; at += 500) await Enrolment.destroy({ where: { id: created.enrolments.slice(at, at + 500) }, transaction });
    for (let at = 0; at < created.members.length; at += 500) await WhanauMember.destroy({ where: { id: created.members.slice(at, at + 500) }, transaction });
    for (let at = 0; at < created.whanau.length; at += 500) await Whanau.destroy({ where: { id: created.whanau.slice(at, at + 500) }, transaction });
    for (let at = 0; at < created.clients.length; at += 500) {
      const part = created.clients.slice(at, at + 500);
      await ClientSearchTerm.destroy({ where: { clientId: part }, transaction });
      await Client.destroy({ where: { id: part }, transaction });
    }
    const removed = Object.values(created).reduce((sum, ids) => sum + ids.length, 0);
    await file.update({ status: 'undone', undoneAt: new Date() }, { transaction });
    await recordAudit(
      actor,
      { action: 'import.undo', entity: 'import', entityId: file.id, details: { kind: file.kind, name: file.name, removed: String(removed) } },
      transaction,
    );
    return present(file, null);
  });
}

/** How long a preview not confirmed is kept: its rows hold people's details as the file had them. */
export const previewKeptMs = 24 * 60 * 60 * 1000;

/** Forgets previews not confirmed within `previewKeptMs` (at start and every six hours, with stored answers). */
export async function pruneImportPreviews(now = new Date()): Promise<number> {
  return await Import.destroy({ where: { status: 'preview', createdAt: { [Op.lt]: new Date(now.getTime() - previewKeptMs) } } });
}
