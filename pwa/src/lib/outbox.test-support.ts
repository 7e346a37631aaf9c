/**
 * Test doubles for the outbox's unit and property tests (not a test file itself).
 *
 * `createEnrolmentServer` models what the state machine relies on from `POST /api/enrolments`:
 * idempotency on the body's `_id` (same id + same body → the stored answer again; same id + other
 * body → 409), closed services → 409, schema failures → 400. It is a double for the outbox's
 * tests only; the real server is covered by its own API tests and by the browser tests.
 */
import { EnrolmentSchema, enrolmentReference, collectionStatement, type EnrolmentDraft } from '@contract/enrolments';
import type { LocalDb } from './local-db';
import type { OutboxLocks, OutboxRequest, OutboxResponse, OutboxTransport } from './outbox';
import type { StaffCipher } from './staff-cipher';
import { offlineKinds } from '../offline-kinds';

/** The app's own registry of kinds (src/offline-kinds.ts): the engine is tested with what the app carries. */
export { offlineKinds };
/** One registered kind, by its name. */
export const kindOf = (name: string) => offlineKinds.get(name);

/** What the next request meets: no signal, a server error, rate limiting, a lost answer, a duplicate delivery. */
export type Fault = 'network' | '500' | '503' | '429' | 'lost-answer' | 'duplicate' | '401' | 'html';

export type EnrolmentServer = ReturnType<typeof createEnrolmentServer>;

export function createEnrolmentServer(options: { clock?: () => number } = {}) {
  const clock = options.clock ?? (() => Date.now());
  const answers = new Map<string, { body: string; answer: OutboxResponse }>();
  /** Every enrolment row the server wrote, in order. */
  const rows: { _id: string; body: unknown }[] = [];
  const requests: OutboxRequest[] = [];
  const faults: Fault[] = [];
  const closedServices = new Set<string>();
  let retryAfter = '120';
  let onRequest: ((request: OutboxRequest) => void | Promise<void>) | null = null;

  function handle(request: OutboxRequest): OutboxResponse {
    const parsed = EnrolmentSchema.safeParse(request.json);
    const id = typeof request.json === 'object' && request.json !== null && '_id' in request.json ? String(request.json._id) : '';
    const key = JSON.stringify(request.json);
    const stored = answers.get(id);
    if (stored) {
      return stored.body === key
        ? stored.answer
        : { status: 409, retryAfter: null, body: { errors: [{ msg: 'This enrolment was already sent with different details' }] } };
    }
    if (!parsed.success) {
      return {
        status: 400,
        retryAfter: null,
        body: { errors: parsed.error.issues.map((issue) => ({ msg: issue.message, param: issue.path.join('.') })) },
      };
    }
    if (closedServices.has(parsed.data.serviceKey)) {
      return { status: 409, retryAfter: null, body: { errors: [{ msg: 'Enrolments for this service are closed for now' }] } };
    }
    const answer: OutboxResponse = {
      status: 201,
      retryAfter: null,
      body: { _id: id, status: 'new', receivedAt: new Date(clock()).toISOString(), reference: enrolmentReference(id) },
    };
    answers.set(id, { body: key, answer });
    rows.push({ _id: id, body: request.json });
    return answer;
  }

  const transport: OutboxTransport = async (request) => {
    requests.push(request);
    await onRequest?.(request);
    const fault = faults.shift();
    switch (fault) {
      case 'network':
        throw new TypeError('Failed to fetch');
      case '500':
      case '503':
        return { status: Number(fault), retryAfter: null, body: { errors: [{ msg: 'Server error' }] } };
      case '429':
        return { status: 429, retryAfter, body: { errors: [{ msg: 'Too many enrolments from here; try again later' }] } };
      case '401':
        return { status: 401, retryAfter: null, body: { errors: [{ msg: 'Please sign in again' }] } };
      case 'html':
        return { status: 200, retryAfter: null, body: undefined };
      case 'lost-answer':
        // The server did the work, the answer never came back.
        handle(request);
        throw new TypeError('The network connection was lost');
      case 'duplicate':
        // The network delivered the request twice; the client sees the second answer.
        handle(request);
        return handle(request);
      default:
        return handle(request);
    }
  };

  return {
    transport,
    rows,
    requests,
    closedServices,
    /** Queue faults for the next requests, in order. */
    fail(...next: Fault[]) {
      faults.push(...next);
    },
    /** The server receives a body outside the outbox (a request already on the wire when the tab closed). */
    deliver(json: unknown) {
      return handle({ method: 'POST', path: '/api/enrolments', json, headers: {} });
    },
    clearFaults() {
      faults.length = 0;
    },
    setRetryAfter(value: string) {
      retryAfter = value;
    },
    /** Runs during each request, before the answer: to look at the phone's state mid-flight. */
    duringRequest(hook: typeof onRequest) {
      onRequest = hook;
    },
  };
}

/** A person's enrolment as the form would hold it (no `_id`: the outbox makes it). */
export function enrolmentDraft(overrides: Partial<EnrolmentDraft> = {}): Omit<EnrolmentDraft, '_id'> {
  return {
    serviceKey: 'whanau_ora_support',
    givenName: '  Aroha ',
    familyName: 'Ngata',
    dateOfBirth: '1988-04-12',
    phone: '021 555 0101',
    email: 'aroha@example.nz',
    suburb: 'Aranui',
    iwi: 'Ngāi Tahu',
    householdSize: 4,
    preferredContact: 'phone',
    message: '',
    consent: true,
    statementVersion: collectionStatement.version,
    ...overrides,
  };
}

/** A Web Locks double shared by several outboxes, like tabs of one browser. */
export function createLocks(): OutboxLocks & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** A clock the test moves by hand. */
export function createClock(start = Date.UTC(2026, 10, 20, 9, 0, 0)) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

let databaseCount = 0;
/** A fresh database name per test, so tests never share an outbox. */
export function freshDbName(prefix = 'outbox-test'): string {
  databaseCount += 1;
  return `${prefix}-${databaseCount}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A staff cipher as the vault makes one: AES-GCM through WebCrypto with a key in memory only
 * (the vault derives it from the password; here it is simply generated).
 */
export async function createTestCipher(userId: string): Promise<StaffCipher> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return {
    userId,
    async seal(value) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value)));
      return { v: 1, iv, data };
    },
    async open(sealed) {
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(sealed.iv) }, key, sealed.data);
      return JSON.parse(new TextDecoder().decode(plain));
    },
  };
}

/** Reads every row of every table as text, to look for words that must not be there in plain text. */
export async function everythingStored(db: LocalDb): Promise<string> {
  const tables = await Promise.all(db.tables.map((table) => table.toArray()));
  return JSON.stringify(tables, (_key, value: unknown) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? '[bytes]' : value));
}

type SyncMutationDouble = { _id: string; kind: string; entityId: string; baseVersion?: number; payload: Record<string, unknown> };
type ClientDouble = { _id: string; version: number; fieldVersions: Record<string, number>; fields: Record<string, unknown> };

/**
 * A double of `POST /api/sync` for the engine's unit tests: exactly-once on each mutation's
 * `_id`, in order, field-level conflicts on `baseVersion` (DESIGN §4b), 401 for unknown tokens.
 * The real route is covered by server/src/features/sync tests and by the model-based test
 * (outbox/sync.model.test.ts) which drives real outboxes against the real server.
 */
export function createSyncServer(options: { tokens?: Record<string, string> } = {}) {
  const tokens = options.tokens ?? { 'token-1': 'user-1' };
  const clients = new Map<string, ClientDouble>();
  const notes: { _id: string; clientId: string; text: unknown }[] = [];
  const answered = new Map<string, { key: string; result: unknown }>();
  const requests: OutboxRequest[] = [];
  const faults: Fault[] = [];
  /** Every mutation applied (not replayed), in order. */
  const applied: SyncMutationDouble[] = [];

  function apply(mutation: SyncMutationDouble): Record<string, unknown> {
    const key = JSON.stringify(mutation);
    const stored = answered.get(mutation._id);
    if (stored)
      return stored.key === key
        ? { ...(stored.result as object), status: 'duplicate' }
        : { _id: mutation._id, status: 'rejected', errors: [{ msg: 'Operation id reused' }] };
    let result: Record<string, unknown>;
    // A note names itself (entityId = _id) and its client in the payload.
    const clientId = mutation.kind === 'note.create' ? String(mutation.payload.clientId) : mutation.entityId;
    const client = clients.get(clientId);
    if ((mutation.kind === 'client.create' || mutation.kind === 'note.create') && mutation.entityId !== mutation._id) {
      result = { _id: mutation._id, status: 'rejected', errors: [{ msg: 'A new record takes the id of its operation', param: 'entityId' }] };
    } else if (mutation.kind === 'client.create') {
      if (typeof mutation.payload.givenName !== 'string')
        result = { _id: mutation._id, status: 'rejected', errors: [{ msg: 'Given name is required', param: 'payload.givenName' }] };
      else {
        const created: ClientDouble = { _id: mutation._id, version: 1, fieldVersions: {}, fields: { ...mutation.payload } };
        clients.set(created._id, created);
        result = { _id: mutation._id, status: 'applied', record: { _id: created._id, ...created.fields, version: 1 } };
      }
    } else if (!client) result = { _id: mutation._id, status: 'rejected', errors: [{ msg: 'Client not found' }] };
    else if (mutation.kind === 'note.create') {
      notes.push({ _id: mutation._id, clientId: client._id, text: mutation.payload.text });
      result = { _id: mutation._id, status: 'applied', record: { _id: mutation._id, clientId: client._id, text: mutation.payload.text } };
    } else {
      const base = mutation.baseVersion ?? 0;
      const clashing = Object.keys(mutation.payload).filter((field) => (client.fieldVersions[field] ?? 1) > base);
      if (clashing.length) {
        result = {
          _id: mutation._id,
          status: 'conflict',
          errors: [{ msg: 'Someone else changed this record since you opened it' }],
          conflicts: clashing.map((field) => ({ field, mine: mutation.payload[field], theirs: client.fields[field] ?? null })),
          record: { _id: client._id, ...client.fields, version: client.version },
        };
      } else {
        client.version += 1;
        for (const [field, value] of Object.entries(mutation.payload)) {
          client.fields[field] = value;
          client.fieldVersions[field] = client.version;
        }
        result = { _id: mutation._id, status: 'applied', record: { _id: client._id, ...client.fields, version: client.version } };
      }
    }
    // Like the server, only what was applied is remembered: a clash or refusal is weighed again.
    if (result.status === 'applied') {
      answered.set(mutation._id, { key, result });
      applied.push(mutation);
    }
    return result;
  }

  function handle(request: OutboxRequest): OutboxResponse {
    if (!tokens[request.headers['x-auth-token'] ?? '']) return { status: 401, retryAfter: null, body: { errors: [{ msg: 'Please sign in again' }] } };
    const mutations = (request.json as { mutations: SyncMutationDouble[] }).mutations;
    if (mutations.length > 100) return { status: 400, retryAfter: null, body: { errors: [{ msg: 'Send at most 100 mutations at once', param: 'mutations' }] } };
    return { status: 200, retryAfter: null, body: { results: mutations.map(apply) } };
  }

  const transport: OutboxTransport = async (request) => {
    requests.push(request);
    const fault = faults.shift();
    switch (fault) {
      case 'network':
        throw new TypeError('Failed to fetch');
      case '500':
      case '503':
        return { status: Number(fault), retryAfter: null, body: { errors: [{ msg: 'Server error' }] } };
      case '429':
        return { status: 429, retryAfter: '60', body: { errors: [{ msg: 'Too many requests' }] } };
      case '401':
        return { status: 401, retryAfter: null, body: { errors: [{ msg: 'Please sign in again' }] } };
      case 'html':
        return { status: 200, retryAfter: null, body: undefined };
      case 'lost-answer':
        handle(request);
        throw new TypeError('The network connection was lost');
      case 'duplicate':
        handle(request);
        return handle(request);
      default:
        return handle(request);
    }
  };

  return {
    transport,
    requests,
    clients,
    notes,
    applied,
    fail(...next: Fault[]) {
      faults.push(...next);
    },
    /** Someone else edits a client on the server directly. */
    editDirectly(clientId: string, changes: Record<string, unknown>) {
      const client = clients.get(clientId);
      if (!client) throw new Error('no such client');
      client.version += 1;
      for (const [field, value] of Object.entries(changes)) {
        client.fields[field] = value;
        client.fieldVersions[field] = client.version;
      }
    },
    seedClient(fields: Record<string, unknown>, id: string = crypto.randomUUID()) {
      clients.set(id, { _id: id, version: 1, fieldVersions: {}, fields: { ...fields } });
      return id;
    },
  };
}
