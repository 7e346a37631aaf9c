import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvite, WhanauDeviceRecord } from '@contract/whanau-app';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { whanauKeys } from './whanau-keys';

/** `GET /api/whanau/{id}/devices`: the phones linked to the whānau app, newest first (unlinked ones too). */
export function listLinkedPhones(whanauId: string, signal?: AbortSignal): Promise<WhanauDeviceRecord[]> {
  return apiRequest<WhanauDeviceRecord[]>(staffApiPaths.whanauDevices(whanauId), { signal });
}

export const linkedPhonesQuery = (whanauId: string) =>
  queryOptions({ queryKey: whanauKeys.devices(whanauId), queryFn: ({ signal }) => listLinkedPhones(whanauId, signal), retry: false, staleTime: 0 });

/** Read only with signal: linked phones are not kept on the device. */
export function useLinkedPhones(whanauId: string, online: boolean) {
  return useQuery({ ...linkedPhonesQuery(whanauId), enabled: online });
}

/** `POST /api/whanau/{id}/invites`: a one-time code for an adult member; the code is only in this answer. */
export function createInvite({ whanauId, clientId }: { whanauId: string; clientId: string }): Promise<CreatedInvite> {
  return apiRequest<CreatedInvite>(staffApiPaths.whanauInvites(whanauId), { method: 'POST', json: { clientId } });
}

export function useCreateInvite() {
  return useMutation({ mutationFn: createInvite });
}

/** `POST /api/whanau/{id}/devices/{deviceId}/unlink`: the phone wipes its copy at its next contact. */
export function unlinkPhone({ whanauId, deviceId }: { whanauId: string; deviceId: string }): Promise<WhanauDeviceRecord> {
  return apiRequest<WhanauDeviceRecord>(staffApiPaths.whanauDeviceUnlink(whanauId, deviceId), { method: 'POST' });
}

export function useUnlinkPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkPhone,
    onSuccess: (device) => queryClient.invalidateQueries({ queryKey: whanauKeys.devices(device.whanauId) }),
  });
}
