import { currentLanguage } from '@/shared/i18n/languages';

/**
 * API answers the server put into the page (`<script id="vakants-initial-data">`, see
 * api/src/web/initial_data.rs): the first screen's calls, made by the server exactly as this app
 * makes them. A request is answered from here only when its method, path with query, JSON body and
 * language are the same and the page is still fresh; each answer is used once.
 */
interface Entry {
  method: string;
  url: string;
  body: unknown;
  language: string;
  data: unknown;
}

/** After this long the page's answers may be stale; the server is asked again. */
export const FRESH_MS = 30_000;

let entries: Entry[] | null = null;

function all(): Entry[] {
  if (entries) return entries;
  entries = [];
  const element = typeof document === 'undefined' ? null : document.getElementById('vakants-initial-data');
  if (!element?.textContent) return entries;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (Array.isArray(parsed)) entries = parsed as Entry[];
  } catch {
    // a broken script only means no answers
  }
  return entries;
}

/** JSON with sorted keys, so that two equal bodies compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function fresh(): boolean {
  return typeof performance === 'undefined' || performance.now() < FRESH_MS;
}

function candidates(method: string, url: string): Entry[] {
  if (!fresh()) return [];
  const language = currentLanguage();
  return all().filter((entry) => entry.method === method && entry.url === url && entry.language === language);
}

/** The page's answer for `GET url` without using it up: to show while the app asks. */
export function peekInitialAnswer<T>(url: string): T | undefined {
  return candidates('GET', url)[0]?.data as T | undefined;
}

/** Whether the page brought an answer for `method url` (path and query). */
export function hasInitialAnswer(method: string, url: string): boolean {
  return candidates(method, url).length > 0;
}

/**
 * The page's answer to `request`: null at once when the page has none for its method and address,
 * else (after comparing bodies) the response or null.
 */
export function initialAnswer(request: Request): Promise<Response | null> | null {
  const target = new URL(request.url, window.location.href);
  if (target.origin !== window.location.origin) return null;
  const found = candidates(request.method, target.pathname + target.search);
  return found.length ? answerWithBody(request, found) : null;
}

async function answerWithBody(request: Request, found: Entry[]): Promise<Response | null> {
  let body: unknown = null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const text = await request.clone().text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }
  const entry = found.find((candidate) => canonical(candidate.body) === canonical(body));
  if (!entry) return null;
  all().splice(all().indexOf(entry), 1);
  return new Response(JSON.stringify(entry.data), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** For tests: forget what was read from the page. */
export function resetInitialData(): void {
  entries = null;
}
