/** The build the page was loaded with: the server writes it into the head; else the first answer's. */
let loaded: string | null =
  typeof document !== 'undefined' ? document.querySelector('meta[name="vakants-build"]')?.getAttribute('content') ?? null : null;
let warned = false;
const listeners = new Set<() => void>();

export const UPDATE_WARNING_DELAY_MS = 1000;

/** Compares a response's build header with the loaded build; a difference warns once, after 1 s. */
export function noteServerBuild(version: string | null): void {
  if (!version) return;
  if (loaded === null) {
    loaded = version;
    return;
  }
  if (version !== loaded && !warned) {
    warned = true;
    setTimeout(() => listeners.forEach((listener) => listener()), UPDATE_WARNING_DELAY_MS);
  }
}

export function onUpdateNeeded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetBuildVersionForTests(version: string | null): void {
  loaded = version;
  warned = false;
}
