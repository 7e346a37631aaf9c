/** The order items go out in: oldest first, and an edit always after the earlier edit it follows. */
import type { OutboxOperation } from '../local-db';

export function byAge(a: OutboxOperation, b: OutboxOperation): number {
  return a.createdAt - b.createdAt || a._id.localeCompare(b._id);
}

/**
 * Two edits made in the same millisecond have the same `createdAt`, and their random ids may sort
 * either way. A follower sorted first would wait for an item not yet sent, which would wait behind
 * it: neither would ever go. So each chain of edits is placed from its start.
 */
export function inOrderMade(operations: OutboxOperation[]): OutboxOperation[] {
  const sorted = [...operations].sort(byAge);
  const byId = new Map(sorted.map((operation) => [operation._id, operation]));
  const placed = new Set<string>();
  const ordered: OutboxOperation[] = [];
  const place = (operation: OutboxOperation) => {
    // Each operation follows at most one, so this walks a chain back to its start (no cycles: an id is placed once).
    const chain: OutboxOperation[] = [];
    for (
      let current: OutboxOperation | undefined = operation;
      current && !placed.has(current._id);
      current = current.follows ? byId.get(current.follows) : undefined
    ) {
      placed.add(current._id);
      chain.push(current);
    }
    ordered.push(...chain.reverse());
  };
  for (const operation of sorted) place(operation);
  return ordered;
}

/** States in which an earlier edit still holds back the one that follows it. */
export const holdsFollowers: ReadonlySet<OutboxOperation['state']> = new Set(['pending', 'sending', 'needs_auth']);
/** States of an item the server has not confirmed. */
export const unsentStates: OutboxOperation['state'][] = ['pending', 'sending', 'needs_auth', 'conflict', 'rejected'];
