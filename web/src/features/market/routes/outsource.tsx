import { loadTexts } from '../texts';
import { MarketScreen } from '../components/market-screen';

export const loader = loadTexts;

/** `/employer/account/outsource`: services a company can outsource. */
export function Component() {
  return <MarketScreen kind="OUTSOURCE" />;
}
