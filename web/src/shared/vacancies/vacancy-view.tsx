import { Anchor, Avatar, Badge, Box, Card, Container, Grid, Group, Image, List, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Language } from '@/shared/i18n/languages';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { deltaToHtml } from '@/shared/lib/delta';
import { companyInitials } from '@/shared/lib/initials';
import { isApplicant, useMe } from '@/shared/session/me';
import { useDocumentTitle } from '@/shared/ui/page';
import { useDesktop } from '@/shared/ui/use-desktop';

import type { Branding, VacancyDetail } from './api';
import { useFavouriteIds } from './favourite';
import { estonianDate, inLanguage, salaryLine } from './format';
import { useVacancyCompany } from './get-vacancy-company';
import { FavouriteButton, PayRangeBadge } from './vacancy-card';

const FLAGS = ['remoteWork', 'shiftWork', 'forStudents', 'forUnderage', 'forRetired', 'forDisabled', 'forForeigners'] as const;

function CompanyCard({ vacancy, language }: { vacancy: VacancyDetail; language: Language }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const company = useVacancyCompany(vacancy.company.countryCode, vacancy.company.registryCode).data;
  const path = to(`/companies/${vacancy.company.countryCode}/${vacancy.company.registryCode}`);
  const logo = vacancy.company.logo?.url ?? company?.profile.logo?.url ?? null;
  return (
    <Card withBorder padding="lg" component="aside" aria-label={vacancy.company.businessName}>
      <Stack align="center" gap="sm" ta="center">
        <Avatar src={logo} alt={vacancy.company.businessName} size={80} radius="md" color="blue">
          {companyInitials(vacancy.company.businessName)}
        </Avatar>
        <Anchor component={Link} to={path} fw={700}>
          {vacancy.company.businessName}
        </Anchor>
        {company && <Text c="dimmed" fz="sm">{t('vacancy.companyVacancies', { count: company.vacanciesCount })}</Text>}
        {company?.address.address && (
          <Text fz="sm" lang={language === 'et' ? undefined : 'et'}>
            {company.address.address}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Requirements({ vacancy }: { vacancy: VacancyDetail }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [];
  if (vacancy.educationLevel) rows.push([t('vacancy.education'), vacancy.educationLevel.label]);
  if (vacancy.workExperience) rows.push([t('vacancy.experience'), vacancy.workExperience.label]);
  if (vacancy.languageSkills.length)
    rows.push([t('vacancy.languages'), vacancy.languageSkills.map((skill) => `${skill.language.label} (${skill.languageProficiency.label})`).join(', ')]);
  if (vacancy.driverLicences.length)
    rows.push([
      t('vacancy.driverLicences'),
      vacancy.driverLicences.map((licence) => (licence.experience ? t('vacancy.driverExperience', { licence: licence.label, years: licence.experience }) : licence.label)).join(', '),
    ]);
  if (!rows.length) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('vacancy.requirements')}
      </Title>
      <List spacing={4}>
        {rows.map(([label, value]) => (
          <List.Item key={label}>
            <Text span fw={600}>
              {label}:
            </Text>{' '}
            {value}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export interface VacancyViewProps {
  vacancy: VacancyDetail;
  language: Language;
  /** The cover, gallery and video to show; while `loading`, the cover's place is kept. */
  branding: { data: Branding | undefined; loading: boolean };
  /** The apply button (beside the text on a wide screen, in a bar at the bottom on a narrow one). */
  apply?: { shown: boolean; render: (fullWidth: boolean) => ReactNode };
  /** Whether a vacancy that is not open says so (the employer's preview of one not out yet does not). */
  closedNotice?: boolean;
  /** What follows the vacancy in its main column (the public page's similar vacancies). */
  after?: ReactNode;
}

/**
 * A vacancy's page (spec 1 section 3, "Vacancy detail"): the public vacancy page and the
 * employer's preview show the same view.
 */
export function VacancyView({ vacancy, language, branding: brandingState, apply, closedNotice = true, after }: VacancyViewProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const wide = useDesktop();
  const me = useMe().data ?? null;
  const favourites = useFavouriteIds(isApplicant(me));
  const branding = brandingState.data;
  const title = vacancy.occupation.labels[language] || vacancy.occupation.labels.et;
  useDocumentTitle(title);
  const salary = vacancy.byAgreement ? t('vacancy.byAgreement') : salaryLine(vacancy, language, { from: t('vacancy.from'), upTo: t('vacancy.upTo') });
  const description = inLanguage(vacancy.content, language);
  const applyBar = !wide && apply?.shown;
  const published = estonianDate(vacancy.publishDate);
  const validUntil = estonianDate(vacancy.validUntil);
  return (
    <Box pb={applyBar ? 88 : 0}>
      {/* a branded vacancy keeps the cover's place while its branding loads, so the page does not jump */}
      {brandingState.loading && <Box h={{ base: 160, md: 280 }} bg="gray.1" />}
      {branding?.cover && (
        <Box h={{ base: 160, md: 280 }} style={{ backgroundImage: `url("${branding.cover.url}")`, backgroundSize: 'cover', backgroundPosition: 'center' }} role="img" aria-label={t('vacancy.cover')} />
      )}
      <Container size="xl" py="xl" w="100%">
        <Grid gap="xl">
          <Grid.Col span={wide ? 8 : 12}>
            <Stack gap="lg">
              <Stack gap="xs">
                {closedNotice && !vacancy.active && (
                  <Paper withBorder p="sm" bg="yellow.0">
                    {t('vacancy.inactive')}
                  </Paper>
                )}
                <Group gap="xs">
                  {vacancy.premiumStatus > 0 && <Text c="yellow.7" aria-label={t('vacancy.premium', { count: vacancy.premiumStatus })}>{'★'.repeat(Math.min(vacancy.premiumStatus, 5))}</Text>}
                  {vacancy.cvNotRequired && <Badge color="grape">{t('vacancy.fastApply')}</Badge>}
                </Group>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={1}>{title}</Title>
                  {favourites && <FavouriteButton vacancyId={vacancy.vacancyId} initial={favourites.has(vacancy.vacancyId)} />}
                </Group>
                <Anchor component={Link} to={to(`/companies/${vacancy.company.countryCode}/${vacancy.company.registryCode}`)} fw={600}>
                  {vacancy.company.businessName}
                </Anchor>
                {salary && (
                  <Group gap="xs">
                    <Text fz="lg" fw={700} c="blue.8">
                      {salary}
                    </Text>
                    {vacancy.payRangeGiven && <PayRangeBadge />}
                  </Group>
                )}
                <Group gap="xs">
                  {vacancy.categories.map((category) => (
                    <Badge key={category.code} component={Link} to={`${to('/vacancies')}?categoryCode=${encodeURIComponent(category.code)}`} variant="light" style={{ cursor: 'pointer' }}>
                      {category.label}
                    </Badge>
                  ))}
                </Group>
                <Group gap={6}>
                  {vacancy.employment && <Badge variant="outline" color="gray">{vacancy.employment.label}</Badge>}
                  {FLAGS.filter((flag) => vacancy[flag]).map((flag) => (
                    <Badge key={flag} variant="outline" color="gray">
                      {t(`search.flags.${flag}`)}
                    </Badge>
                  ))}
                </Group>
                {vacancy.address && (
                  <Text fz="sm">
                    <Text span fw={600}>
                      {t('vacancy.location')}:
                    </Text>{' '}
                    {vacancy.address}
                  </Text>
                )}
              </Stack>
              <Requirements vacancy={vacancy} />
              {description && (
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    {t('vacancy.description')}
                  </Title>
                  <Typography>
                    <div dangerouslySetInnerHTML={{ __html: deltaToHtml(description.content) }} />
                  </Typography>
                </Stack>
              )}
              {vacancy.vacancyImage && <Image src={vacancy.vacancyImage.url} alt={t('vacancy.image')} radius="md" mah={420} fit="contain" />}
              {branding && branding.gallery.length > 0 && (
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    {t('vacancy.gallery')}
                  </Title>
                  <SimpleGrid cols={{ base: 2, md: 3 }}>
                    {branding.gallery.map((picture, index) => (
                      <Image key={picture.url} src={picture.url} alt={`${t('vacancy.gallery')} ${index + 1}`} radius="md" h={140} fit="cover" />
                    ))}
                  </SimpleGrid>
                </Stack>
              )}
              {branding?.video && /^https?:\/\//.test(branding.video) && (
                <Anchor href={branding.video} target="_blank" rel="noopener noreferrer">
                  {t('vacancy.video')}
                </Anchor>
              )}
              <Group gap="lg" c="dimmed" fz="sm">
                {published && <Text fz="sm">{t('vacancy.published', { date: published })}</Text>}
                {validUntil && <Text fz="sm">{t('vacancy.validUntil', { date: validUntil })}</Text>}
                <Text fz="sm">{t('vacancy.views', { count: vacancy.viewsCount })}</Text>
              </Group>
              {wide && apply && <Box>{apply.render(false)}</Box>}
              {after}
            </Stack>
          </Grid.Col>
          {wide && (
            <Grid.Col span={4}>
              <Stack>
                <CompanyCard vacancy={vacancy} language={language} />
              </Stack>
            </Grid.Col>
          )}
        </Grid>
      </Container>
      {applyBar && (
        <Paper pos="fixed" bottom={0} left={0} right={0} p="sm" shadow="lg" withBorder style={{ zIndex: 150 }} role="region" aria-label={t('vacancy.apply')}>
          {apply.render(true)}
        </Paper>
      )}
    </Box>
  );
}

