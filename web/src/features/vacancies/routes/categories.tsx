import { Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { Page } from '@/shared/ui/page';
import { CategoryIcon } from '@/shared/vacancies/category-icon';
import { useCategories } from '@/shared/vacancies/get-categories';

/** All categories as tiles with their vacancy counts, 2 columns narrow and 6 wide (spec 1 section 2). */
export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const to = useLocalizedPath();
  const categories = useCategories(language);
  return (
    <Page title={t('categories.title')} size="lg">
      {categories.isPending && <FullScreenLoader />}
      <SimpleGrid cols={{ base: 2, md: 6 }} spacing="md">
        {(categories.data ?? []).map((category) => (
          <Card
            key={category.categoryCode}
            component={Link}
            to={`${to('/vacancies')}?categoryCode=${encodeURIComponent(category.categoryCode)}`}
            withBorder
            padding="md"
            mih={140}
            style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}
          >
            <Stack gap={6}>
              <ThemeIcon variant="light" size={36} radius="md">
                <CategoryIcon iconCode={category.iconCode} size={22} />
              </ThemeIcon>
              <Text fw={600} lh={1.3} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }} lang={language}>
                {category.label}
              </Text>
            </Stack>
            <Text c="dimmed" fz="sm">
              {t('categories.count', { count: category.sizeCount })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}
