import { TextPage } from '../components/text-page';

export function Component() {
  return <TextPage section="about" />;
}
