import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readErrorItems } from '@contract/errors';
import { ApiRequestError, getToken } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';
import { clientKeys } from './client-keys';

export type ExportFormat = 'json' | 'csv';
export type ExportRequest = { id: string; format: ExportFormat };

/**
 * The person's record, enrolments, notes and audit as a file (a privacy access request). The
 * token travels in its header, never in a link, so the file is fetched and handed to the browser.
 */
export async function exportClient({ id, format }: ExportRequest): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(staffApiPaths.clientExport(id, format), { headers: token ? { 'x-auth-token': token } : {} });
  } catch {
    throw new ApiRequestError(0, readErrorItems(0, undefined));
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiRequestError(response.status, readErrorItems(response.status, body), body);
  }
  const blob = await response.blob();
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `client-${id}.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportClient() {
  const queryClient = useQueryClient();
  // The export is itself audited: the trail on screen gains a line.
  return useMutation({ mutationFn: exportClient, onSuccess: (_done, { id }) => queryClient.invalidateQueries({ queryKey: clientKeys.auditOf(id) }) });
}
