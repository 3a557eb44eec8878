/** An HTTP failure as spec 1 section 8 describes it: status, URL, message and the server's code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  message?: string;
  code?: string;
  field?: string;
}

/** The message of a 400 that carries none: the catalogue's name for it, shown as `errors.unknown`. */
export const UNKNOWN_ERROR = 'UnknownError';

/** The message of a failed response by status: 400 carries the server's message. */
export function messageForStatus(status: number, body: ErrorBody | undefined): string {
  switch (status) {
    case 400:
      return body?.message || UNKNOWN_ERROR;
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Access denied';
    case 404:
      return 'Not found';
    case 503:
      return 'Service Unavailable';
    default:
      return body?.message && status < 500 ? body.message : 'Unknown error';
  }
}

export function toApiError(status: number, url: string, body: unknown): ApiError {
  const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : undefined;
  return new ApiError(status, url, messageForStatus(status, errorBody), errorBody?.code, errorBody?.field);
}

/** The i18n key for an error: a known server code first, then the status. */
export function errorMessageKey(error: ApiError): string[] {
  const keys: string[] = [];
  if (error.code) keys.push(`errors.code.${error.code}`);
  keys.push(`errors.status.${error.status}`);
  return keys;
}

export type GlobalErrorAction =
  | { kind: 'navigate'; to: 'logout' | '403' }
  | { kind: 'toast'; message: string; error?: ApiError }
  | { kind: 'ignore' };

/**
 * The global handler of spec 1 section 8: 401 signs out, 403 goes to the permission page (except
 * on the "me" call), any other error with a message becomes a danger toast unless the screen
 * handles it itself.
 */
export function globalErrorAction(error: unknown, handledLocally = false): GlobalErrorAction {
  if (error instanceof ApiError) {
    if (error.status === 401) return error.url.endsWith('/auth/logout') ? { kind: 'ignore' } : { kind: 'navigate', to: 'logout' };
    if (error.status === 403) return error.url.endsWith('/me') ? { kind: 'ignore' } : { kind: 'navigate', to: '403' };
    if (handledLocally || !error.message) return { kind: 'ignore' };
    return { kind: 'toast', message: error.message, error };
  }
  if (handledLocally) return { kind: 'ignore' };
  if (error instanceof Error && error.message) return { kind: 'toast', message: error.message };
  return { kind: 'ignore' };
}
