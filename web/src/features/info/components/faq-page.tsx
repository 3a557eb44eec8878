import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { Page } from '@/shared/ui/page';

interface FaqItem {
  question: string;
  answer: string;
}

/** A titled list of collapsible questions and answers. */
export function FaqPage({ section }: { section: 'faqEmployers' | 'faqApplicants' }) {
  const { t } = useTranslation();
  const items = t(`${section}.items`, { returnObjects: true }) as FaqItem[];
  return (
    <Page title={t(`${section}.title`)}>
      <Accordion variant="separated" transitionDuration={300}>
        {items.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}
