import { Anchor, Badge, Card, Container, Grid, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { CompanyGallery, CompanyHeader, isWebLink } from '@/shared/companies/company-header';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { deltaToHtml } from '@/shared/lib/delta';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { useDocumentTitle } from '@/shared/ui/page';
import { useDesktop } from '@/shared/ui/use-desktop';
import { inLanguage } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';
import { VacancyCard } from '@/shared/vacancies/vacancy-card';

import { type CompanyDetail, useCompany } from '../api/get-company';
import { AddressMap } from '../components/address-map';
import { useCompanyBranding } from '../api/get-company-branding';
import { useCompanyVacancies } from '../api/get-company-vacancies';
import { readPage, withPage } from '../lib/page-param';

const SOCIAL = ['facebook', 'instagram', 'linkedIn', 'twitter', 'telegram', 'youtube'] as const;
const SOCIAL_NAMES: Record<(typeof SOCIAL)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedIn: 'LinkedIn',
  twitter: 'X (Twitter)',
  telegram: 'Telegram',
  youtube: 'YouTube',
};

function Contacts({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const { email, website, contactPhoneNumber } = company.profile;
  if (!email && !website && !contactPhoneNumber) return null;
  const site = website && (isWebLink(website) ? website : `https://${website}`);
  return (
    <Group gap="lg">
      {email && (
        <Anchor href={`mailto:${email}`}>
          {t('companies.email')}: {email}
        </Anchor>
      )}
      {site && (
        <Anchor href={site} target="_blank" rel="noopener noreferrer">
          {t('companies.website')}
        </Anchor>
      )}
      {contactPhoneNumber && (
        <Anchor href={`tel:${contactPhoneNumber.replace(/\s+/g, '')}`}>
          {t('companies.phone')}: {contactPhoneNumber}
        </Anchor>
      )}
    </Group>
  );
}

function CompanyVacancies({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const vacancies = useCompanyVacancies(company.countryCode, company.registryCode, page, true);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('companies.vacanciesTitle')}
      </Title>
      {vacancies.data && vacancies.data.content.length === 0 && <Text c="dimmed">{t('companies.noVacancies')}</Text>}
      {(vacancies.data?.content ?? []).map((vacancy) => (
        <VacancyCard key={vacancy.vacancyId} vacancy={vacancy} language={language} />
      ))}
      <Pager page={page} total={vacancies.data?.totalPages ?? 0} onChange={(next) => setParams(withPage(params, next), { preventScrollReset: true })} />
    </Stack>
  );
}

function CompanyView({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const to = useLocalizedPath();
  const wide = useDesktop();
  useDocumentTitle(company.businessName);
  const branding = useCompanyBranding(company.countryCode, company.registryCode, true).data;
  const { profile } = company;
  const description = inLanguage(profile.descriptions, language);
  const social = SOCIAL.filter((key) => isWebLink(profile[key]));
  const sideCard = (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Text fw={700}>{t('companies.vacancies', { count: company.vacanciesCount })}</Text>
        {company.address.address && (
          <Text fz="sm">
            <Text span fw={600}>
              {t('companies.address')}:
            </Text>{' '}
            {company.address.address}
          </Text>
        )}
        <AddressMap countryCode={company.address.countryCode} adrId={company.address.adrId} address={company.address.address ?? company.businessName} />
      </Stack>
    </Card>
  );
  return (
    <>
      <CompanyHeader businessName={company.businessName} logoUrl={profile.logo?.url ?? null} coverUrl={branding?.cover?.url ?? null} />
      <Container size="xl" py="xl" w="100%">
        <Grid gap="xl">
          <Grid.Col span={wide ? 8 : 12}>
            <Stack gap="lg">
              {profile.categories.length > 0 && (
                <Group gap="xs" aria-label={t('companies.categories')}>
                  {profile.categories.map((category) => (
                    <Badge key={category.code} component={Link} to={`${to('/vacancies')}?categoryCode=${encodeURIComponent(category.code)}`} variant="light" style={{ cursor: 'pointer' }}>
                      {category.label}
                    </Badge>
                  ))}
                </Group>
              )}
              {profile.companySize && (
                <Text>
                  <Text span fw={600}>
                    {t('companies.size')}:
                  </Text>{' '}
                  {profile.companySize.label}
                </Text>
              )}
              <Contacts company={company} />
              {description && (
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    {t('companies.about')}
                  </Title>
                  <Typography>
                    <div dangerouslySetInnerHTML={{ __html: deltaToHtml(description.content) }} />
                  </Typography>
                </Stack>
              )}
              <CompanyGallery pictures={branding?.gallery ?? []} video={branding?.video} />
              {social.length > 0 && (
                <Card withBorder padding="md">
                  <Stack gap="xs">
                    <Text fw={600}>{t('companies.social')}</Text>
                    <Group gap="md">
                      {social.map((key) => (
                        <Anchor key={key} href={profile[key] ?? undefined} target="_blank" rel="noopener noreferrer">
                          {SOCIAL_NAMES[key]}
                        </Anchor>
                      ))}
                    </Group>
                  </Stack>
                </Card>
              )}
              {!wide && sideCard}
              <CompanyVacancies company={company} />
            </Stack>
          </Grid.Col>
          {wide && <Grid.Col span={4}>{sideCard}</Grid.Col>}
        </Grid>
      </Container>
    </>
  );
}

/** Company profile (spec 1 section 2): the company, then its branding, then its vacancies. */
export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { countryCode = 'EE', registryCode = '' } = useParams();
  const company = useCompany(countryCode.toUpperCase(), registryCode, language);
  if (company.isPending) return <FullScreenLoader />;
  if (company.isError || !company.data) {
    const failure = company.error;
    if (!failure || (failure instanceof ApiError && failure.status === 404)) return <MessagePage title={t('notFound.title')} text={t('companies.notFound')} />;
    return <MessagePage title={t('errorPage.title')} text={t('companies.loadFailed', { message: errorText(failure) })} />;
  }
  return <CompanyView company={company.data} />;
}
