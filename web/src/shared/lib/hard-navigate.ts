/**
 * Loads `path` as a new page: every cached answer of the previous session is dropped. Used when the
 * signed-in identity changes under the user (acting as someone else and back).
 */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
