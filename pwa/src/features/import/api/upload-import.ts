import type { ImportKind, ImportPreview } from '@contract/import';
import { ApiRequestError, getToken, noConnection, parseBody, settle } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';

/**
 * Sends a spreadsheet as the request's body and reports how much has gone (0 to 1), so a large
 * file shows a progress bar: `fetch` cannot tell upload progress, XMLHttpRequest can.
 */
export function uploadImport(file: File, kind: ImportKind, onProgress: (done: number) => void): Promise<ImportPreview> {
  const token = getToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${staffApiPaths.imports}${queryString({ kind, name: file.name })}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (token) request.setRequestHeader('x-auth-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(settle<ImportPreview>(request.status, parseBody(request.responseText, request.getResponseHeader('content-type')), token));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => reject(new ApiRequestError(0, noConnection));
    request.send(file);
  });
}
