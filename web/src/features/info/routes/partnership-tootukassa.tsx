import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { Page } from '@/shared/ui/page';

import logo from '../assets/tootukassa.svg';

export function Component() {
  const { t } = useTranslation();
  const paragraphs = t('partnership.paragraphs', { returnObjects: true }) as string[];
  return (
    <Page title={t('partnership.title')}>
      <Group>
        <Image src={logo} alt={t('partnership.logoAlt')} w={220} h="auto" />
      </Group>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} size="lg">
          {paragraph}
        </Text>
      ))}
    </Page>
  );
}
