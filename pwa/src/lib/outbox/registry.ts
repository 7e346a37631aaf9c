/**
 * The kinds an outbox knows. Each kind says how its items are checked (outbox-validation.ts,
 * page only), whether its payload is sealed staff data, how a batch of its items is sent and
 * what each result means (types.ts). The app's outbox and the service worker's use the
 * standard kinds below; a feature may register more where the app starts.
 */
import type { OutboxKind } from '../local-db';
import { enrolmentCreateKind } from './enrolment-kind';
import { staffKindDefinitions } from './staff-kinds';
import type { OutboxKindDefinition } from './types';

export type OutboxRegistry = {
  register(definition: OutboxKindDefinition): void;
  get(kind: OutboxKind): OutboxKindDefinition;
  has(kind: string): boolean;
};

export function createOutboxRegistry(definitions: OutboxKindDefinition[] = []): OutboxRegistry {
  const byKind = new Map<string, OutboxKindDefinition>();
  const registry: OutboxRegistry = {
    register(definition) {
      const lane = [...byKind.values()].find((other) => other.lane === definition.lane);
      if (lane && (lane.sealed !== definition.sealed || lane.batchSize !== definition.batchSize || lane.concurrency !== definition.concurrency)) {
        throw new Error(`Kind ${definition.kind} does not match the other kinds of lane ${definition.lane}`);
      }
      byKind.set(definition.kind, definition);
    },
    get(kind) {
      const definition = byKind.get(kind);
      if (!definition) throw new Error(`Unknown outbox operation kind: ${kind}`);
      return definition;
    },
    has: (kind) => byKind.has(kind),
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}

/** Enrolments and the kaimahi's writes: what the app and its service worker carry. */
export const standardOutboxKinds: OutboxKindDefinition[] = [enrolmentCreateKind, ...staffKindDefinitions];

/** The app's registry: the standard kinds, and any a feature registers at start. */
export const outboxRegistry = createOutboxRegistry(standardOutboxKinds);
