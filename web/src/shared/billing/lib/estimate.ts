import type { ProductOffer } from '../api/types';

/** An order's sums in cents, as the invoice will have them. */
export interface Estimate {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** Half up to a whole number of `divisor`ths, in integers (amounts are never negative). */
function roundDiv(value: number, divisor: number): number {
  return Math.floor((value * 2 + divisor) / (2 * divisor));
}

/** Ten-thousandths of a fraction, as the server stores a discount. */
const TEN_THOUSANDTHS = 10_000;

/**
 * One line's net cents by the server's rule (docs/billing.md, "Rounding"): the line is rounded once,
 * `round(quantity × unit price × (1 − discount))`. The offer names the discounted unit price; its
 * undiscounted one is the list price when the two agree (the company has no own price), else the
 * discounted unit price is all there is to count with.
 */
export function lineNetCents(offer: ProductOffer, quantity: number): number {
  const discount = Math.round(offer.discount * TEN_THOUSANDTHS);
  if (discount > 0 && roundDiv(offer.listPriceCents * (TEN_THOUSANDTHS - discount), TEN_THOUSANDTHS) === offer.priceCents) {
    return roundDiv(quantity * offer.listPriceCents * (TEN_THOUSANDTHS - discount), TEN_THOUSANDTHS);
  }
  return quantity * offer.priceCents;
}

/** The sums of lines: VAT per line, rounded per line; the total is their sum. */
export function estimate(lines: readonly { offer: ProductOffer; quantity: number }[]): Estimate {
  let subtotalCents = 0;
  let vatCents = 0;
  for (const { offer, quantity } of lines) {
    const net = lineNetCents(offer, quantity);
    subtotalCents += net;
    vatCents += roundDiv(net * offer.vatRateBp, TEN_THOUSANDTHS);
  }
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}
