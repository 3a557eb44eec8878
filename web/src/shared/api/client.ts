import createClient, { type Middleware } from 'openapi-fetch';

import { noteServerBuild } from './build-version';
import { toApiError } from './errors';
import { initialAnswer } from './initial-data';
import type { paths } from './schema';
import { currentLanguage } from '@/shared/i18n/languages';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/** Every call carries the interface language and the anti-forgery token of the cookie. */
export function withStandardHeaders(headers: Headers): Headers {
  headers.set('Accept-Language', currentLanguage());
  const token = readCookie(XSRF_COOKIE);
  if (token) headers.set(XSRF_HEADER, token);
  return headers;
}

const standardHeaders: Middleware = {
  onRequest({ request }) {
    withStandardHeaders(request.headers);
    return request;
  },
  onResponse({ response }) {
    noteServerBuild(response.headers.get('x-build-version'));
    return response;
  },
};

// fetch is looked up per call, so a test (or a polyfill) that replaces it later is honoured; the
// page's own answers (initial-data.ts) come first
export const api = createClient<paths>({
  baseUrl: window.location.origin,
  credentials: 'same-origin',
  fetch: (request) => initialAnswer(request)?.then((answer) => answer ?? globalThis.fetch(request)) ?? globalThis.fetch(request),
});
api.use(standardHeaders);

/** Unwraps an openapi-fetch answer: the data, or an ApiError thrown for a failed status. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response.status, new URL(response.url, location.href).pathname, error);
  return data as T;
}

/** A call the OpenAPI document does not describe yet; same headers and error handling. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T | null> {
  const headers = withStandardHeaders(new Headers({ Accept: 'application/json' }));
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  noteServerBuild(response.headers.get('x-build-version'));
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw toApiError(response.status, path, parsed);
  return parsed as T | null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
