import type { VacancyProductOffer } from '../api/types';

/** The offers of the publish step by kind: one vacancy product or package is needed, the rest is optional. */
export interface ProductOffers {
  vacancies: VacancyProductOffer[];
  packages: VacancyProductOffer[];
  /** By PRO level, 1 to 5. */
  pro: VacancyProductOffer[];
  branding: VacancyProductOffer | null;
  cvBase: VacancyProductOffer | null;
}

/** What the employer picked: a vacancy product or a package, and the extras. */
export interface ProductChoice {
  baseCode: string | null;
  proCode: string | null;
  branding: boolean;
  cvBase: boolean;
}

export const NO_CHOICE: ProductChoice = { baseCode: null, proCode: null, branding: false, cvBase: false };

export function groupOffers(products: readonly VacancyProductOffer[]): ProductOffers {
  const of = (group: VacancyProductOffer['group']) => products.filter((product) => product.group === group);
  return {
    vacancies: of('VACANCY'),
    packages: [...of('PACKAGE')].sort((a, b) => (a.proLevel ?? 0) - (b.proLevel ?? 0)),
    pro: [...of('PRO')].sort((a, b) => (a.proLevel ?? 0) - (b.proLevel ?? 0)),
    branding: of('BRANDING')[0] ?? null,
    cvBase: of('CV_BASE')[0] ?? null,
  };
}

/** The package chosen as the base, if the base is one. */
export function chosenPackage(choice: ProductChoice, offers: ProductOffers): VacancyProductOffer | null {
  return offers.packages.find((offer) => offer.code === choice.baseCode) ?? null;
}

/** A PRO level adds to a package only above the level the package brings. */
export function proAllowed(offer: VacancyProductOffer, choice: ProductChoice, offers: ProductOffers): boolean {
  return (offer.proLevel ?? 0) > (chosenPackage(choice, offers)?.proLevel ?? 0);
}

/** The discounted CV database comes with a plain vacancy; a package brings its own CV database days. */
export function cvBaseAllowed(choice: ProductChoice, offers: ProductOffers): boolean {
  const chosen = chosenPackage(choice, offers);
  return offers.cvBase !== null && !(chosen && (chosen.cvBaseDays ?? 0) > 0);
}

/** The choice after a change, without the extras the new base makes pointless. */
export function settleChoice(choice: ProductChoice, offers: ProductOffers): ProductChoice {
  const pro = offers.pro.find((offer) => offer.code === choice.proCode);
  return {
    baseCode: [...offers.vacancies, ...offers.packages].some((offer) => offer.code === choice.baseCode) ? choice.baseCode : null,
    proCode: pro && proAllowed(pro, choice, offers) ? pro.code : null,
    branding: choice.branding && offers.branding !== null,
    cvBase: choice.cvBase && cvBaseAllowed(choice, offers),
  };
}

/** The codes to order, or none while no vacancy product or package is chosen. */
export function productCodes(choice: ProductChoice, offers: ProductOffers): string[] {
  const settled = settleChoice(choice, offers);
  if (!settled.baseCode) return [];
  return [
    settled.baseCode,
    ...(settled.proCode ? [settled.proCode] : []),
    ...(settled.branding && offers.branding ? [offers.branding.code] : []),
    ...(settled.cvBase && offers.cvBase ? [offers.cvBase.code] : []),
  ];
}

/** The first choice offered: the plain vacancy. */
export function initialChoice(offers: ProductOffers): ProductChoice {
  return { ...NO_CHOICE, baseCode: offers.vacancies[0]?.code ?? null };
}
