/**
 * The services' outputs on this device (issue 23, decision 103): what a kaimahi can record as
 * delivered on a contact (a kai parcel, an hour of music therapy…), as
 * `GET /api/services/{key}/outputs?include=all` gives them, so the contact form offers them with
 * no signal. Kept per service in the copy (part `outputs`), like the kaimahi a follow-up can be
 * assigned to (decision 106).
 * Retired outputs are kept too, so a contact that recorded one still names it; the form offers
 * only those not retired.
 */
import { serviceKeys } from '@contract/enrolments';
import type { ServiceOutput } from '@contract/reports';
import { apiRequest } from '../../../lib/api-client';
import type { StaffCipher } from '../../../lib/staff-cipher';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { keptByService } from '../../../lib/vault/kept-by-service';

const isOutput = (value: unknown): value is ServiceOutput => typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string';

const kept = keptByService<ServiceOutput>({ part: 'outputs', field: 'outputs', isItem: isOutput });

export const subscribeOutputsCopy = kept.subscribe;
export const outputsCopyRevision = kept.revision;
export const loadOutputsCopy = kept.load;
export const forgetOutputsCopy = kept.forget;

/** The outputs a contact of this service can record, in their order; undefined when none were ever kept here. */
export function offeredOutputs(serviceKey: string): ServiceOutput[] | undefined {
  return kept.of(serviceKey)?.filter((output) => !output.retired);
}

/** An output kept here by its id (retired or not), to name it where a contact recorded it. */
export function keptOutput(id: string): ServiceOutput | undefined {
  for (const outputs of kept.lists()) {
    const found = outputs.find((output) => output._id === id);
    if (found) return found;
  }
  return undefined;
}

export function fetchServiceOutputs(serviceKey: string): Promise<ServiceOutput[]> {
  return apiRequest<ServiceOutput[]>(`${staffApiPaths.serviceOutputs(serviceKey)}${queryString({ include: 'all' })}`);
}

/**
 * Brings every service's outputs up to date with the server (all six: a manager records for any
 * service, and a kaimahi's services may change while the copy is kept). Those the server answered
 * are sealed and stored; the others stay as they were. Throws (status 0) when none answered.
 */
export function refreshOutputsCopy(cipher: StaffCipher, fetchOutputs = fetchServiceOutputs): Promise<void> {
  return kept.refresh(cipher, serviceKeys, fetchOutputs);
}
