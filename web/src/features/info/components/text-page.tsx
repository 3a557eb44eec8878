import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { Page } from '@/shared/ui/page';

/** An info page made of a title and paragraphs from the translations. */
export function TextPage({ section }: { section: 'about' | 'partnership' }) {
  const { t } = useTranslation();
  const paragraphs = t(`${section}.paragraphs`, { returnObjects: true }) as string[];
  return (
    <Page title={t(`${section}.title`)}>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} size="lg">
          {paragraph}
        </Text>
      ))}
    </Page>
  );
}
