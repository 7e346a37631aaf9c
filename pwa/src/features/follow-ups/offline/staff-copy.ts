/**
 * The kaimahi of the signed-in person's services on this device (decision 106): whom a follow-up
 * can be assigned to, as `GET /api/services/{key}/staff` gives them (names only), so the follow-up
 * form offers them with no signal. Kept per service in the copy (part `staff`), like the services'
 * outputs (decision 103).
 */
import type { ServiceStaffMember } from '@contract/users';
import { apiRequest } from '../../../lib/api-client';
import type { StaffCipher } from '../../../lib/staff-cipher';
import { staffApiPaths } from '../../../lib/staff-paths';
import { keptByService } from '../../../lib/vault/kept-by-service';

const isMember = (value: unknown): value is ServiceStaffMember =>
  typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'name' in value && typeof value.name === 'string';

const kept = keptByService<ServiceStaffMember>({ part: 'staff', field: 'staff', isItem: isMember });

export const subscribeStaffCopy = kept.subscribe;
export const staffCopyRevision = kept.revision;
export const loadStaffCopy = kept.load;
export const forgetStaffCopy = kept.forget;

/** The kaimahi of any of these services, each once, by name; empty when none were kept here. */
export function staffOfServices(serviceKeys: readonly string[]): ServiceStaffMember[] {
  const found = new Map<string, ServiceStaffMember>();
  for (const key of serviceKeys) for (const member of kept.of(key) ?? []) found.set(member._id, member);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Whether the kaimahi of every one of these services are kept here (an empty list then means no one else works on them). */
export function staffKeptFor(serviceKeys: readonly string[]): boolean {
  return serviceKeys.every((key) => kept.of(key) !== undefined);
}

/** A kept kaimahi's name by their id, to show whom a follow-up saved here is for. */
export function keptStaffName(id: string): string | undefined {
  for (const staff of kept.lists()) {
    const found = staff.find((member) => member._id === id);
    if (found) return found.name;
  }
  return undefined;
}

export function fetchServiceStaff(serviceKey: string): Promise<ServiceStaffMember[]> {
  return apiRequest<ServiceStaffMember[]>(staffApiPaths.serviceStaff(serviceKey));
}

/**
 * Brings the lists of `serviceKeys` (the person's own services; a manager's: all) up to date with
 * the server; lists of services the person no longer works on are dropped. Throws when none answered.
 */
export function refreshStaffCopy(cipher: StaffCipher, serviceKeys: readonly string[], fetchStaff = fetchServiceStaff): Promise<void> {
  return kept.refresh(cipher, serviceKeys, fetchStaff);
}
