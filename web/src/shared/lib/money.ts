/** Euros from cents: whole amounts without decimals, others with two (spec 1 section 9). */
export function formatEuros(cents: number, language: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(language === 'et' ? 'et-EE' : language === 'ru' ? 'ru-RU' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
