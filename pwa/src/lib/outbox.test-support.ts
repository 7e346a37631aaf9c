/**
 * Test doubles for the outbox's unit and property tests (not a test file itself).
 *
 * `createEnrolmentServer` models what the state machine relies on from `POST /api/enrolments`:
 * idempotency on the body's `_id` (same id + same body → the stored answer again; same id + other
 * body → 409), closed services → 409, schema failures → 400. It is a double for the outbox's
 * tests only; the real server is covered by its own API tests and by the browser tests.
 */
import { EnrolmentSchema, enrolmentReference, collectionStatement, type EnrolmentDraft } from '@contract/enrolments';
import type { OutboxLocks, OutboxRequest, OutboxResponse, OutboxTransport } from './outbox';

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
