export type AnalyticsEvent = 'user_email' | 'log_in' | 'verification_code' | 'register_button' | 'new_b2c' | 'new_b2b' | 'uus_cv' | 'lisa_kuulutus';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes an event for the tag manager; the page works the same without one. */
export function track(event: AnalyticsEvent): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event });
}
