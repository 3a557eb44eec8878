import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { COMPANY_DETAILS, SOCIAL_LINKS } from '@/shared/lib/company-details';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const language = useLanguage();
  const internal = (path: string, label: string) => (
    <Anchor component={Link} to={to(path)} size="sm" c="dark">
      {label}
    </Anchor>
  );
  const document = (name: string, label: string) => (
    <Anchor href={`/documents/${name}-${language}.pdf`} target="_blank" rel="noopener" size="sm" c="dark">
      {label}
    </Anchor>
  );
  return (
    <Box component="footer" bg="gray.0" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} spacing="lg">
          <Column title={t('footer.contact')}>
            <Text size="sm" fw={600}>
              {COMPANY_DETAILS.legalName}
            </Text>
            <Anchor href={`tel:${COMPANY_DETAILS.supportPhone.replace(/\s/g, '')}`} size="sm" c="dark">
              {COMPANY_DETAILS.supportPhone}
            </Anchor>
            <Anchor href={`mailto:${COMPANY_DETAILS.officeEmail}`} size="sm" c="dark">
              {COMPANY_DETAILS.officeEmail}
            </Anchor>
          </Column>
          <Column title={t('footer.about')}>
            {internal('/about-us', t('footer.aboutUs'))}
            {internal('/contacts', t('footer.contacts'))}
            {internal('/partnership-tootukassa', t('footer.partnership'))}
          </Column>
          <Column title={t('footer.legal')}>
            {document('terms-of-use', t('footer.terms'))}
            {document('data-processing', t('footer.dataProcessing'))}
            {document('use-of-cookies', t('footer.cookies'))}
          </Column>
          <Column title={t('footer.employers')}>
            {internal('/prices-and-services', t('footer.prices'))}
            {internal('/faq-employers', t('footer.faqEmployers'))}
            {internal(`/login?p=${encodeURIComponent(to('/employer/account/my-company'))}`, t('footer.employerSignIn'))}
          </Column>
          <Column title={t('footer.applicants')}>
            {internal('/locations/EE', t('footer.byLocation'))}
            {internal('/faq-applicants', t('footer.faqApplicants'))}
            {internal(`/login?p=${encodeURIComponent(to('/account/profile'))}`, t('footer.applicantSignIn'))}
          </Column>
          <Column title={t('footer.social')}>
            {SOCIAL_LINKS.map((link) => (
              <Anchor key={link.name} href={link.url} target="_blank" rel="noopener noreferrer" size="sm" c="dark">
                {link.name}
              </Anchor>
            ))}
          </Column>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
