import { loadTexts } from '../texts';
import { MarketScreen } from '../components/market-screen';

export const loader = loadTexts;

/** `/employer/account/courses`: courses for employers and their staff. */
export function Component() {
  return <MarketScreen kind="COURSE" />;
}
