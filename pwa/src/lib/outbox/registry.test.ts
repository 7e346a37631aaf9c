import { describe, expect, it } from 'vitest';
import { offlineKinds } from '../../offline-kinds';
import { createOutboxRegistry } from './registry';
import { syncLane } from './sync-lane';
import type { OfflineKind } from './types';

const kind = (name: string, overrides: Partial<OfflineKind> = {}): OfflineKind => ({
  kind: name,
  title: 'offline.kind.client.create',
  lane: syncLane,
  encrypted: true,
  needsUser: true,
  makesRecord: false,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => payload,
  ...overrides,
});

describe('the registry of offline kinds', () => {
  it('carries what each feature registers, and nothing else', () => {
    expect(
      offlineKinds
        .all()
        .map((definition) => definition.kind)
        .sort(),
    ).toEqual([
      'client.create',
      'client.update',
      'contact.create',
      'enrolment.create',
      'enrolment.update',
      'goal.create',
      'goal.update',
      'member.link',
      'member.unlink',
      'note.correct',
      'note.create',
      'note.share',
      'rating.create',
      'suggestion.answer',
      'task.create',
      'task.update',
      'whanau.create',
      'whanau.update',
    ]);
    expect(() => offlineKinds.get('no.such-kind')).toThrow('Unknown outbox operation kind: no.such-kind');
  });

  it('refuses a kind twice, a lane whose kinds disagree, and encrypted data with no one to own it', () => {
    expect(() => createOutboxRegistry([kind('a.one'), kind('a.one')])).toThrow('registered twice');
    expect(() => createOutboxRegistry([kind('a.one'), kind('a.two', { encrypted: false, needsUser: true })])).toThrow('does not match');
    expect(() => createOutboxRegistry([kind('a.one', { needsUser: false })])).toThrow('belongs to a signed-in person');
    expect(createOutboxRegistry([kind('a.one'), kind('a.two')]).has('a.two')).toBe(true);
  });
});
