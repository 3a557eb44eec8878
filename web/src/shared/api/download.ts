import { noteServerBuild } from './build-version';
import { withStandardHeaders } from './client';
import { ApiError, toApiError } from './errors';

/** A failed download; `retryAfterSeconds` comes from a 429's `Retry-After`. */
export class DownloadError extends ApiError {
  constructor(
    error: ApiError,
    readonly retryAfterSeconds: number | null,
  ) {
    super(error.status, error.url, error.message, error.code, error.field);
    this.name = 'DownloadError';
  }
}

/** A file the server sent as an attachment, with the name it gave. */
export interface Download {
  blob: Blob;
  name: string;
}

// what no operating system takes in a file name, and control characters
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * The file name of a `Content-Disposition` header: the UTF-8 `filename*` when present (the server
 * sends it for every name), else the plain `filename`, else `fallback`. Path separators and
 * characters a file system refuses become `_`.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim()) : null;
  }
  const safe = name?.replace(UNSAFE_NAME, '_').trim();
  return safe && safe !== '.' && safe !== '..' ? safe : fallback;
}

/** Seconds of a `Retry-After` header (seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Fetches a file the API sends as an attachment, with the headers every call carries (language,
 * anti-forgery token). A failure throws a DownloadError built like the client's errors.
 */
export async function fetchDownload(path: string, fallbackName: string): Promise<Download> {
  const response = await fetch(path, { headers: withStandardHeaders(new Headers()), credentials: 'same-origin' });
  noteServerBuild(response.headers.get('x-build-version'));
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    throw new DownloadError(toApiError(response.status, path, body), retryAfterSeconds(response.headers.get('retry-after')));
  }
  return { blob: await response.blob(), name: fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a fetched file to the browser as a download under its name. */
export function saveDownload({ blob, name }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click's task is over
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
