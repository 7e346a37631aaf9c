/**
 * What the whānau screens need of client records, composed here from the clients feature (features
 * never import each other): its copy on this device searched, a member's name, and its one write
 * path for a new client.
 */
import { useMemo } from 'react';
import { clientName } from '../features/clients/client-form-values';
import { caseloadClient, searchCaseload } from '../features/clients/offline/caseload-copy';
import { useStaffItems } from '../features/clients/offline/staff-items';
import { queueNewClient } from '../features/clients/offline/staff-writes';
import { useCaseloadRevision } from '../features/clients/offline/use-caseload';
import type { ClientLookup } from '../features/whanau/components/members-section';

export function useClientLookup(userId: string | null): ClientLookup {
  const revision = useCaseloadRevision();
  const items = useStaffItems(userId);
  return useMemo(() => {
    void revision;
    const waiting = new Map(items.flatMap((item) => (item.change?.kind === 'client.create' ? [[item.entityId, item.change.fields] as const] : [])));
    return {
      searchClients: (q) => searchCaseload({ q }).map((client) => ({ _id: client._id, name: clientName(client) })),
      clientOf: (clientId) => {
        const client = caseloadClient(clientId) ?? waiting.get(clientId);
        return client ? { _id: clientId, givenName: client.givenName, familyName: client.familyName, preferredName: client.preferredName ?? null } : null;
      },
      contactOf: (clientId) => {
        const client = caseloadClient(clientId);
        return client ? { phone: client.phone, email: client.email, address: client.address, suburb: client.suburb } : null;
      },
      createClient: (givenName, familyName) =>
        queueNewClient({
          _id: crypto.randomUUID(),
          givenName,
          familyName,
          preferredName: undefined,
          address: undefined,
          suburb: undefined,
          iwi: undefined,
          hapu: undefined,
          notes: undefined,
        }),
    };
  }, [items, revision]);
}
