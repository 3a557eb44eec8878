import { FaqPage } from '../components/faq-page';

export function Component() {
  return <FaqPage section="faqEmployers" />;
}
