import { collectionStatement } from '@contract/enrolments';
import { describe, expect, it } from 'vitest';
import { checkEnrolment } from './enrolment-check';
import type { ApiErrorItem } from '@contract/errors';
import { emptyEnrolmentValues, enrolmentFieldOrder, valuesFromEnrolment, type EnrolmentFormValues } from './enrolment-form-values';
import { describeItem, rateLimitedText, savedOfflineText } from './item-status';
import type { OutboxOperation } from '../../lib/outbox';

/** The first message for each field, as the form shows it in English (the server's own words). */
const byField = (errors: readonly ApiErrorItem[]) => Object.fromEntries([...errors].reverse().map((error) => [error.param ?? '', error.msg]));

const filled: EnrolmentFormValues = {
  ...emptyEnrolmentValues,
  givenName: 'Aroha',
  familyName: 'Ngata',
  phone: '021 555 0101',
  householdSize: '4',
  preferredContact: 'text',
  consent: true,
};

describe('checking the enrolment form', () => {
  it('an empty form lists every problem, each on its field, the first field first', () => {
    const check = checkEnrolment(emptyEnrolmentValues, 'whanau_ora_support', collectionStatement.version);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(byField(check.errors)).toMatchObject({
      givenName: 'Given name is required',
      familyName: 'Family name is required',
      phone: 'Give a phone number or an email address',
      preferredContact: expect.stringContaining('Choose how'),
      consent: 'Please tick the box to agree',
    });
    expect(check.errors.every((error) => enrolmentFieldOrder.some((field) => field === error.param))).toBe(true);
    expect(enrolmentFieldOrder.find((field) => check.errors.some((error) => error.param === field))).toBe('givenName');
  });

  it('a filled form passes, with the version of the statement it showed and a number for the household', () => {
    const check = checkEnrolment(filled, 'whanau_ora_support', collectionStatement.version);
    expect(check).toEqual({
      ok: true,
      draft: expect.objectContaining({ householdSize: 4, statementVersion: collectionStatement.version, consent: true, preferredContact: 'text' }),
    });
  });

  it('consent starts unticked and must be ticked', () => {
    expect(emptyEnrolmentValues.consent).toBe(false);
    const check = checkEnrolment({ ...filled, consent: false }, 'whanau_ora_support', collectionStatement.version);
    expect(check.ok ? [] : byField(check.errors).consent).toBe('Please tick the box to agree');
  });

  it('a household size that is not a number is named as such', () => {
    const check = checkEnrolment({ ...filled, householdSize: 'four' }, 'whanau_ora_support', collectionStatement.version);
    expect(check.ok ? undefined : byField(check.errors).householdSize).toBe('Household size must be a number');
  });

  it('a refused enrolment comes back into the form; consent only stays for the statement shown now', () => {
    const enrolment = {
      _id: '0b6d1c3e-6a8f-4f51-9d43-6f0a3a7d1e21',
      serviceKey: 'whanau_ora_support',
      givenName: 'Aroha',
      familyName: 'Ngata',
      phone: '021 555 0101',
      householdSize: 4,
      preferredContact: 'text' as const,
      consent: true as const,
      statementVersion: collectionStatement.version,
    };
    expect(valuesFromEnrolment(enrolment, collectionStatement.version)).toEqual({ ...filled, email: '', dateOfBirth: '', suburb: '', iwi: '', message: '' });
    // A manager published new words since: they have to be read and agreed again.
    expect(valuesFromEnrolment(enrolment, '2027-02-10').consent).toBe(false);
  });
});

describe('what a person reads about an item', () => {
  const base = {
    _id: 'a',
    kind: 'enrolment.create',
    entityId: 'a',
    userId: null,
    schemaVersion: 1,
    label: 'Whānau Ora Support',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    sentAt: null,
    lastError: null,
    state: 'pending',
    payload: null,
  } satisfies OutboxOperation;

  it('goes from saved on this phone to sending to sent', () => {
    expect(describeItem(base, { online: true }).title).toBe('Saved on this phone');
    expect(
      describeItem({ ...base, lastError: { status: 0, errors: [{ msg: 'No connection', code: 'no_connection' }] }, attempts: 1 }, { online: true }).title,
    ).toBe(savedOfflineText());
    expect(describeItem(base, { online: false }).title).toBe(savedOfflineText());
    // Too many from one address (429): the outbox retries, so it says so instead of showing an error.
    const limited = describeItem(
      { ...base, lastError: { status: 429, errors: [{ msg: 'Too many attempts, please try again later', code: 'too_many_requests' }] }, attempts: 1 },
      { online: true },
    );
    expect(limited).toEqual({ tone: 'waiting', title: 'Saved on this phone', detail: rateLimitedText() });
    expect(rateLimitedText()).toBe('Lots of people are enrolling from here right now. We will send it shortly; you do not need to do anything.');
    expect(describeItem({ ...base, state: 'sending' }, { online: true }).title).toBe('Sending…');
    expect(describeItem({ ...base, state: 'done' }, { online: true }).title).toBe('Sent');
  });

  it('says when an item is stuck, and shows the server’s words for a refusal', () => {
    expect(
      describeItem({ ...base, attempts: 12, lastError: { status: 503, errors: [{ msg: 'Server error', code: 'server_error' }] } }, { online: true }).detail,
    ).toContain('tried 12 times');
    const closed = describeItem(
      { ...base, state: 'rejected', lastError: { status: 409, errors: [{ msg: 'Enrolments for Whānau Ora Support are closed', code: 'service_closed' }] } },
      { online: true },
    );
    expect(closed).toEqual({ tone: 'problem', title: 'Not accepted', detail: 'Enrolments for Whānau Ora Support are closed' });
  });
});
