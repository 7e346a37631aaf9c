import { useMutation } from '@tanstack/react-query';
import type { ImportMapping, ImportPreview } from '@contract/import';
import { apiRequest } from '../../../lib/api-client';
import { staffApiPaths } from '../../../lib/staff-paths';

/** Previews the file again with another mapping of its columns. */
export function remapImport({ id, mapping }: { id: string; mapping: ImportMapping }): Promise<ImportPreview> {
  return apiRequest<ImportPreview>(staffApiPaths.importMapping(id), { method: 'PUT', json: { mapping } });
}

/** Writes the new people in one go. */
export function confirmImport(id: string): Promise<ImportPreview> {
  return apiRequest<ImportPreview>(staffApiPaths.importConfirm(id), { method: 'POST' });
}

/** Removes what the import added, while none of it has changed. */
export function undoImport(id: string): Promise<ImportPreview> {
  return apiRequest<ImportPreview>(staffApiPaths.importUndo(id), { method: 'POST' });
}

export const useRemapImport = () => useMutation({ mutationFn: remapImport });
export const useConfirmImport = () => useMutation({ mutationFn: confirmImport });
export const useUndoImport = () => useMutation({ mutationFn: undoImport });
