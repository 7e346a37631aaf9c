/**
 * The kinds an outbox carries. The engine holds none of its own: each feature defines its kinds
 * and src/offline-kinds.ts registers them for the app and the service worker.
 */
import type { OfflineKind } from './types';

export type OutboxRegistry = {
  register(definition: OfflineKind): void;
  get(kind: string): OfflineKind;
  has(kind: string): boolean;
  all(): OfflineKind[];
};

export function createOutboxRegistry(definitions: readonly OfflineKind[] = []): OutboxRegistry {
  const byKind = new Map<string, OfflineKind>();
  const registry: OutboxRegistry = {
    register(definition) {
      if (byKind.has(definition.kind)) throw new Error(`Outbox kind ${definition.kind} is registered twice`);
      const other = [...byKind.values()].find((known) => known.lane.name === definition.lane.name);
      // Kinds of one lane go out in one request: they must agree on how it is made and kept.
      if (other && (other.lane !== definition.lane || other.encrypted !== definition.encrypted || other.needsUser !== definition.needsUser)) {
        throw new Error(`Kind ${definition.kind} does not match the other kinds of lane ${definition.lane.name}`);
      }
      if (definition.encrypted && !definition.needsUser) throw new Error(`Kind ${definition.kind}: encrypted data belongs to a signed-in person`);
      byKind.set(definition.kind, definition);
    },
    get(kind) {
      const definition = byKind.get(kind);
      if (!definition) throw new Error(`Unknown outbox operation kind: ${kind}`);
      return definition;
    },
    has: (kind) => byKind.has(kind),
    all: () => [...byKind.values()],
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}
