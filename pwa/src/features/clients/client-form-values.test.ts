import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client, StaffEnrolment } from './api/types';
import { arrangeFormErrors } from '../../components/form-errors';
import { nzDateOf } from '../../lib/nz-time';
import {
  changesBetween,
  clientFieldOf,
  clientFormFields,
  consentHowChosen,
  createInput,
  emptyValues,
  resolvedChanges,
  valuesFromEnrolment,
  valuesOf,
} from './client-form-values';

const client: Client = {
  _id: '5f0c3c1e-7a53-4a4c-9b7e-2f55d1b4a001',
  givenName: 'Aroha',
  familyName: 'Tūhoe-Smith',
  preferredName: null,
  dateOfBirth: '1990-03-25',
  phone: '021 555 0101',
  email: null,
  address: null,
  suburb: 'Aranui',
  iwi: 'Ngāi Tahu',
  hapu: null,
  household: 4,
  notes: null,
  consent: { statementVersion: '2026-11-01', at: '2026-11-20T01:02:03.000Z', how: 'online' },
  version: 3,
  createdAt: '2026-11-20T01:02:03.000Z',
  updatedAt: '2026-11-20T01:02:03.000Z',
  updatedBy: null,
  createdBy: null,
  createdByName: null,
  updatedByName: null,
};

describe('changesBetween', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesBetween(client, valuesOf(client))).toEqual({});
  });

  it('sends only the changed fields, blanks as null and the household as a number', () => {
    const values = { ...valuesOf(client), suburb: 'Wainoni', phone: '  ', household: '5', hapu: 'Ngāti Huikai' };
    expect(changesBetween(client, values)).toEqual({ suburb: 'Wainoni', phone: null, household: 5, hapu: 'Ngāti Huikai' });
  });

  it('keeps macrons exactly as typed', () => {
    expect(changesBetween(client, { ...valuesOf(client), givenName: 'Āroha' })).toEqual({ givenName: 'Āroha' });
  });

  it('sends the consent as one field when how it was given changes', () => {
    expect(changesBetween(client, { ...valuesOf(client), consentHow: 'phone' })).toEqual({
      consent: { statementVersion: '2026-11-01', at: '2026-11-20T01:02:03.000Z', how: 'phone' },
    });
  });
});

const enrolmentOf = () =>
  ({
    _id: 'b1d4a9c0-0000-4000-8000-000000000002',
    givenName: 'Hine',
    familyName: 'Walker',
    consentStatementVersion: '2026-11-01',
    consentedAt: '2026-11-22T09:00:00.000Z',
  }) as StaffEnrolment;

describe('valuesFromEnrolment and createInput', () => {
  const enrolment = {
    _id: 'b1d4a9c0-0000-4000-8000-000000000001',
    givenName: 'Mere',
    familyName: 'Whānau',
    dateOfBirth: null,
    phone: null,
    email: 'mere@example.nz',
    suburb: 'Linwood',
    iwi: null,
    householdSize: 3,
    consentStatementVersion: '2026-11-01',
    consentedAt: '2026-11-22T09:00:00.000Z',
  } as StaffEnrolment;

  it('dates the consent by the New Zealand day: 7:43 am on 29 November is still the 28th in UTC', () => {
    const early = valuesFromEnrolment({ ...enrolment, consentedAt: '2026-11-28T18:43:00.000Z' });
    expect(early.consentAt).toBe('2026-11-29');
    // Stored as an instant of that same New Zealand day; a client's stored consent reads as its New Zealand day too.
    expect(nzDateOf(createInput(early, 'new-id').consent?.at ?? '')).toBe('2026-11-29');
    expect(valuesOf({ ...client, consent: { statementVersion: '2026-11-01', at: '2026-11-28T18:43:00.000Z', how: 'online' } }).consentAt).toBe('2026-11-29');
  });

  it('prefills what the person sent and carries their online consent', () => {
    const values = valuesFromEnrolment(enrolment);
    expect(values).toMatchObject({
      givenName: 'Mere',
      familyName: 'Whānau',
      email: 'mere@example.nz',
      suburb: 'Linwood',
      household: '3',
      consentHow: 'online',
    });
    expect(createInput(values, 'new-id')).toEqual({
      _id: 'new-id',
      givenName: 'Mere',
      familyName: 'Whānau',
      email: 'mere@example.nz',
      suburb: 'Linwood',
      household: 3,
      consent: { statementVersion: '2026-11-01', at: '2026-11-22T00:00:00.000Z', how: 'online' },
    });
  });
});

describe('the consent day at 7:43 am in New Zealand on 29 November (still the 28th in UTC; a fixed clock)', () => {
  const now = '2026-11-28T18:43:00.000Z';
  afterEach(() => {
    vi.useRealTimers();
  });
  const atSevenFortyThree = () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(now));
  };

  it('prefills consent given in person as today in New Zealand, and stores this moment, not a later one', () => {
    atSevenFortyThree();
    const chosen = consentHowChosen(emptyValues(), 'in person', '2026-11-01');
    expect(chosen).toEqual({ consentHow: 'in person', consentAt: '2026-11-29', consentStatementVersion: '2026-11-01' });
    const values = { ...emptyValues(), givenName: 'Hine', familyName: 'Walker', ...chosen };
    expect(createInput(values, 'new-id').consent).toEqual({ statementVersion: '2026-11-01', at: now, how: 'in person' });
  });

  it('keeps a day and a version already in the form, and clears nothing when consent is taken away', () => {
    atSevenFortyThree();
    const typed = { ...emptyValues(), consentAt: '2026-11-27', consentStatementVersion: '2026-10-01' };
    expect(consentHowChosen(typed, 'phone', '2026-11-01')).toEqual({ consentHow: 'phone' });
    expect(consentHowChosen(typed, '', '2026-11-01')).toEqual({ consentHow: '' });
    // Another day than today is an instant inside that New Zealand day.
    const consent = createInput({ ...typed, givenName: 'Hine', familyName: 'Walker', consentHow: 'phone' }, 'new-id').consent;
    expect(consent?.at).toBe('2026-11-27T00:00:00.000Z');
    expect(nzDateOf(consent?.at ?? '')).toBe('2026-11-27');
  });

  it('prefills a consent given online at that moment as the 29th, and keeps the moment itself', () => {
    atSevenFortyThree();
    const enrolled = { ...enrolmentOf(), consentedAt: now };
    const values = valuesFromEnrolment(enrolled);
    expect(values.consentAt).toBe('2026-11-29');
    expect(createInput(values, 'new-id', enrolled).consent).toEqual({ statementVersion: '2026-11-01', at: now, how: 'online' });
  });
});

describe('resolvedChanges', () => {
  const pending = { suburb: 'Wainoni', phone: '027 111 2222', iwi: 'Ngāti Porou' };
  const conflicts = [
    { field: 'suburb', mine: 'Wainoni', theirs: 'Shirley' },
    { field: 'phone', mine: '027 111 2222', theirs: '03 555 1234' },
  ];

  it('keeps the changes that did not clash and mine by default', () => {
    expect(resolvedChanges(pending, conflicts, {})).toEqual(pending);
  });

  it('drops a field whose server value is kept and sends a value typed anew', () => {
    expect(resolvedChanges(pending, conflicts, { suburb: { keep: 'theirs' }, phone: { keep: 'other', value: ' 03 555 9999 ' } })).toEqual({
      phone: '03 555 9999',
      iwi: 'Ngāti Porou',
    });
  });
});

describe('the form’s problems', () => {
  it('maps a client edit’s and a queued item’s params to the client form’s fields', () => {
    const items = [
      { msg: 'Given name is required', code: 'required' as const, param: 'changes.givenName' },
      { msg: 'Statement version must be one of the published privacy statements', code: 'invalid_value' as const, param: 'payload.consent.statementVersion' },
      { msg: 'Consent time must be a date and time', code: 'invalid_date' as const, param: 'consent.at' },
      { msg: 'Consent must be an object', code: 'invalid_type' as const, param: 'consent' },
    ];
    const { errors } = arrangeFormErrors(clientFormFields, items, {}, clientFieldOf);
    expect(errors).toEqual({
      givenName: ['Given name is required'],
      consentStatementVersion: ['Statement version must be one of the published privacy statements'],
      consentAt: ['Consent time must be a date and time'],
      consentHow: ['Consent must be an object'],
    });
    expect(clientFieldOf('changes.unknown')).toBeUndefined();
  });
});
