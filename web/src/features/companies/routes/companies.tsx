import { Avatar, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { companyInitials } from '@/shared/lib/initials';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { Page } from '@/shared/ui/page';
import { Pager } from '@/shared/vacancies/pager';

import { useCompanies } from '../api/get-companies';
import { readPage, withPage } from '../lib/page-param';

/** All employers, 50 a page; the pager shows only above one page (spec 1 section 2). */
export function Component() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { countryCode = 'EE' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const companies = useCompanies(countryCode.toUpperCase(), page);
  return (
    <Page title={t('companies.title')} size="lg">
      {companies.isFetching && <FullScreenLoader />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {(companies.data?.content ?? []).map((company) => (
          <Card key={company.registryCode} component={Link} to={to(`/companies/${company.countryCode}/${company.registryCode}`)} withBorder padding="md">
            <Group wrap="nowrap">
              <Avatar src={company.logo?.thumbnailUrl ?? null} alt={company.businessName} radius="md" size={48} color="blue">
                {companyInitials(company.businessName)}
              </Avatar>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {company.businessName}
                </Text>
                <Text c="dimmed" fz="sm">
                  {t('companies.vacancies', { count: company.vacanciesCount })}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Pager
        page={page}
        total={companies.data?.totalPages ?? 0}
        onChange={(next) => {
          setParams(withPage(params, next));
          window.scrollTo({ top: 0 });
        }}
      />
    </Page>
  );
}
