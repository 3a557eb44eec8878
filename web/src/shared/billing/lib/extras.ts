import type { ProductOffer } from '../api/types';

/** What a running vacancy can still buy, by kind (spec 2 section 9; contract16 "extras"). */
export interface ExtraOffers {
  /** By PRO level, 1 to 5. */
  pro: ProductOffer[];
  /** BASIC, PREMIUM, APEX by the level they bring. */
  packages: ProductOffer[];
  branding: ProductOffer | null;
  promotions: ProductOffer[];
}

export function extraOffers(products: readonly ProductOffer[]): ExtraOffers {
  const of = (group: ProductOffer['group']) => products.filter((product) => product.group === group);
  const byLevel = (a: ProductOffer, b: ProductOffer) => (a.proLevel ?? 0) - (b.proLevel ?? 0);
  return {
    pro: of('PRO').sort(byLevel),
    packages: of('PACKAGE').sort(byLevel),
    branding: of('BRANDING')[0] ?? null,
    promotions: of('PROMOTION'),
  };
}

/** The extras picked: at most one PRO level and one package, branding, any promotions. */
export interface ExtraChoice {
  proCode: string;
  packageCode: string;
  branding: boolean;
  promotions: string[];
}

export const NO_EXTRAS: ExtraChoice = { proCode: '', packageCode: '', branding: false, promotions: [] };

/** The chosen offers, in the price list's order of kinds. */
export function chosenOffers(choice: ExtraChoice, offers: ExtraOffers): ProductOffer[] {
  return [
    ...offers.packages.filter((offer) => offer.code === choice.packageCode),
    ...offers.pro.filter((offer) => offer.code === choice.proCode),
    ...(choice.branding && offers.branding ? [offers.branding] : []),
    ...offers.promotions.filter((offer) => choice.promotions.includes(offer.code)),
  ];
}
