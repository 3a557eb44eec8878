/** Euros as an administrator types them (two decimals at most) to cents, and back. */
export function centsOf(euros: number): number {
  return Math.round(euros * 100);
}

export function eurosOf(cents: number): number {
  return cents / 100;
}

/** A discount typed in percent (two decimals at most) as the fraction the API takes (four decimals). */
export function fractionOf(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

export function percentOf(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}
