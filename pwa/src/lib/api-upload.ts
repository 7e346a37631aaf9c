import { ApiRequestError, getToken, noConnection, parseBody, settle } from './api-client';
import { reportServerAnswered, reportServerUnreachable } from './connectivity';

export type UploadOptions = {
  method?: string;
  formData: FormData;
  signal?: AbortSignal;
  /** Upload progress from 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
};

/**
 * Sends a multipart form (a picture with its fields) with upload progress, which `fetch` cannot
 * report, so through XMLHttpRequest; otherwise the same as `apiRequest` (token, errors, signal).
 * Apart from `api-client.ts` because only the management screens upload: a visitor's first
 * download carries none of it (decision 060).
 */
export function apiUpload<T>(path: string, options: UploadOptions): Promise<T> {
  const token = getToken();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', path);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('x-auth-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 502 && request.status <= 504) reportServerUnreachable();
      else reportServerAnswered();
      try {
        resolve(settle<T>(request.status, parseBody(request.responseText, request.getResponseHeader('content-type')), token));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => {
      reportServerUnreachable();
      reject(new ApiRequestError(0, noConnection));
    };
    request.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.formData);
  });
}
