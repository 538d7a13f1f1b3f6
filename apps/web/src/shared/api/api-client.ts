import { COOKIE, readCookie } from '../cookies.ts';
import { ApiError } from './api-error.ts';
import { toQueryString, type QueryValue } from './query-string.ts';

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** JSON, URLSearchParams for the form-encoded posts Auth.js expects, or FormData for files (multipart). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Headers every call carries (spec §7): the browser's client id when known and a fresh request id. */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': crypto.randomUUID() };
  const clientId = readCookie(COOKIE.userId);
  if (clientId) headers['x-client-id'] = clientId;
  return headers;
}

async function send(path: string, { method = 'GET', query, body, headers: extra, signal }: RequestOptions): Promise<Response> {
  const headers = { ...apiHeaders(), ...extra };
  const form = body instanceof URLSearchParams || body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  try {
    return await fetch(`${path}${toQueryString(query)}`, {
      method,
      headers,
      // fetch sets the form content type itself (with its charset, or the multipart boundary).
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { name: 'NetworkError', message: String(error) });
  }
}

async function failure(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => ({}));
  return new ApiError(response.status, body);
}

let answersHeld: Promise<void> | undefined;

/**
 * While the browser takes over a page the server drew without data (main.tsx, docs/decisions/088), calls go out but
 * their answers wait: the page React takes over must be the one the server drew (skeletons), or React draws it anew.
 */
export function holdAnswersUntil(released: Promise<void>): void {
  const held = released.finally(() => {
    if (answersHeld === held) answersHeld = undefined;
  });
  answersHeld = held;
}

/** The one way the web app calls its API (rule 6). Resolves with the JSON body; 204 resolves undefined. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  await answersHeld;
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Downloads a file (spec §7): 204 means not found, an ok response is the file, named by Content-Disposition;
 * anything else is read as an error body.
 */
export async function downloadFile(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string } | null> {
  const response = await send(path, options);
  if (response.status === 204) return null;
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const filename = encoded ? decodeURIComponent(encoded) : (plain ?? 'download');
  return { blob: await response.blob(), filename };
}
