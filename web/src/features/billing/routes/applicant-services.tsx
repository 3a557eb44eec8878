import { useLanguage } from '@/shared/i18n/use-language';

import { useApplicantServices } from '../api/get-applicant-services';
import { ServicesScreen } from '../components/services-screen';
import { loadTexts } from '../texts';

export const loader = loadTexts;

/** `/account/my-services`: the applicant's own services. */
export function Component() {
  const services = useApplicantServices(useLanguage());
  return <ServicesScreen services={services} employer={false} />;
}
