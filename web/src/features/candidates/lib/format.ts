const DATE_TIME = new Intl.DateTimeFormat('et-EE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Tallinn' });

/** A moment as the product shows it, in Tallinn time: 24.11.2026 14:05. */
export function tallinnDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso)).replace(',', '');
}
