import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { useSetHasContract } from '../api/companies';
import { type AdminCompanyDetail, useAdminCompany } from '../api/get-company';
import type { CompanyKey } from '../api/get-company-prices';
import { AuditEntries } from '../components/audit-entries';
import { CompanyComments } from '../components/company-comments';
import { CompanyPricesDialog } from '../components/company-prices-dialog';
import { DeleteCompanyDialog } from '../components/delete-company-dialog';
import { ListStatus } from '../components/list-status';
import { LogInAsButton } from '../components/log-in-as-button';
import { ResponsiveList } from '../components/responsive-list';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

const COUNTS = ['all', 'active', 'drafts', 'waitingForPayment', 'hidden', 'archive', 'finished', 'cvDatabase'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Summary({ company, onPrices, onDelete }: { company: AdminCompanyDetail; onPrices: () => void; onDelete: () => void }) {
  const { t } = useTranslation('admin');
  const contract = useSetHasContract();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <div>
            <Text size="xs" c="dimmed">
              {t('company.supervisor')}
            </Text>
            <Text>{company.supervisor ?? '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('company.registered')}
            </Text>
            <Text>{estonianDate(company.createdAt)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('company.modified')}
            </Text>
            <Text>{estonianDate(company.modifiedAt)}</Text>
          </div>
          <Switch
            label={t('companies.contract')}
            checked={company.hasContract}
            disabled={contract.isPending}
            onChange={(event) =>
              contract.mutate({ company, hasContract: event.currentTarget.checked }, { onSuccess: () => notifySuccess(t('companies.contractSaved')) })
            }
          />
        </SimpleGrid>
        <Group gap="sm" align="flex-start">
          <Button variant="default" onClick={onPrices}>
            {t('companies.prices')}
          </Button>
          <div>
            <LogInAsButton username={company.supervisor} company={company} to="/employer/account/my-company" label={t('companies.logInAs')} missing={t('companies.noSupervisor')} />
          </div>
          <Button color="red" variant="light" onClick={onDelete}>
            {t('company.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Staff({ company }: { company: AdminCompanyDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('company.staffTitle')}>
      {company.staff.length === 0 ? (
        <Text c="dimmed">{t('company.staffEmpty')}</Text>
      ) : (
        <ResponsiveList
          rows={company.staff}
          rowKey={(member) => member.userId}
          columns={[
            {
              header: t('people.person'),
              cell: (member) => (
                <Group gap="xs">
                  <Text>{[member.firstname, member.lastname].filter(Boolean).join(' ') || '—'}</Text>
                  {member.isSupervisor && (
                    <Badge size="sm" variant="light">
                      {t('company.isSupervisor')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { header: t('admins.email'), cell: (member) => member.email, wide: true },
            { header: t('admins.phone'), cell: (member) => member.phoneNumber ?? '—' },
          ]}
          cardLabel={(member) => member.email}
          label={t('company.staffTitle')}
          minWidth={560}
          table={{ verticalSpacing: 'xs' }}
          framed={false}
        />
      )}
    </Section>
  );
}

function Vacancies({ company }: { company: AdminCompanyDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('company.vacanciesTitle')}>
      <Group gap="xs">
        {COUNTS.map((key) => (
          <Badge key={key} variant={key === 'active' ? 'filled' : 'light'} color={key === 'active' ? 'green' : 'gray'}>
            {t(`company.counts.${key}`)}: {company.vacancyCounts[key]}
          </Badge>
        ))}
      </Group>
      {company.vacancies.length === 0 ? (
        <Text c="dimmed">{t('company.vacanciesEmpty')}</Text>
      ) : (
        <ResponsiveList
          rows={company.vacancies}
          rowKey={(vacancy) => vacancy.id}
          columns={[
            { header: t('company.occupation'), cell: (vacancy) => vacancy.occupationLabel ?? t('company.untitled') },
            {
              header: t('company.state'),
              cell: (vacancy) => (
                <Badge variant="light" color={vacancy.displayedState === 'ACTIVE' ? 'green' : 'gray'}>
                  {t(`company.states.${vacancy.displayedState}`)}
                </Badge>
              ),
            },
            { header: t('company.applications'), cell: (vacancy) => vacancy.applicationsCount, numeric: true },
            { header: t('company.changed'), cell: (vacancy) => estonianDate(vacancy.updatedAt) },
          ]}
          cardLabel={(vacancy) => vacancy.occupationLabel ?? t('company.untitled')}
          label={t('company.latest')}
          minWidth={560}
          table={{ verticalSpacing: 'xs' }}
          framed={false}
        />
      )}
    </Section>
  );
}

function Services({ company }: { company: AdminCompanyDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('company.servicesTitle')}>
      {company.services.length === 0 ? (
        <Text c="dimmed">{t('company.servicesEmpty')}</Text>
      ) : (
        <ResponsiveList
          rows={company.services}
          rowKey={(service) => service.id}
          columns={[
            {
              header: t('company.service'),
              cell: (service) => (
                <>
                  <Text size="sm">{service.label}</Text>
                  {service.vacancyTitle && (
                    <Text size="xs" c="dimmed">
                      {service.vacancyTitle}
                    </Text>
                  )}
                </>
              ),
            },
            {
              header: t('company.state'),
              cell: (service) => (
                <Badge variant="light" color={service.status === 'ACTIVE' ? 'green' : service.status === 'UNPAID' ? 'orange' : 'gray'}>
                  {t(`company.serviceStates.${service.status}`)}
                </Badge>
              ),
            },
            { header: t('company.period'), cell: (service) => (service.startsAt ? `${estonianDate(service.startsAt)} – ${estonianDate(service.endsAt) ?? ''}` : '—') },
            { header: t('company.invoice'), cell: (service) => service.invoiceNumber ?? '—' },
          ]}
          cardLabel={(service) => service.label}
          label={t('company.servicesTitle')}
          minWidth={560}
          table={{ verticalSpacing: 'xs' }}
          framed={false}
        />
      )}
    </Section>
  );
}

function CompanyScreen({ company }: { company: AdminCompanyDetail }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [pricing, setPricing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const key: CompanyKey = { countryCode: company.countryCode, registryCode: company.registryCode };
  return (
    <>
      <Summary company={company} onPrices={() => setPricing(true)} onDelete={() => setDeleting(true)} />
      <Staff company={company} />
      <Vacancies company={company} />
      <Services company={company} />
      <CompanyComments company={key} />
      <Section title={t('ownAudit.companyTitle')}>
        <AuditEntries subject={{ companyId: company.companyId }} label={t('ownAudit.companyTitle')} />
      </Section>
      <CompanyPricesDialog company={pricing ? { ...key, businessName: company.businessName } : null} onClose={() => setPricing(false)} />
      <DeleteCompanyDialog
        company={deleting ? { ...key, businessName: company.businessName } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(to('/admin/companies'), { replace: true })}
      />
    </>
  );
}

/** `/admin/companies/{countryCode}/{registryCode}`: one company — staff, vacancies and services at a glance, prices, contract, comments, log in as, delete, and its own audit entries. */
export function Component() {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const { countryCode = '', registryCode = '' } = useParams();
  const company = useAdminCompany({ countryCode, registryCode });
  const title = company.data?.businessName ?? t('companies.title');
  return (
    <Page title={title} size="lg">
      <Group justify="space-between" mt={-12}>
        <Text c="dimmed">{t('company.registryCode', { code: registryCode })}{company.data?.address ? ` · ${company.data.address}` : ''}</Text>
        <Anchor component={Link} to={to('/admin/companies')} size="sm">
          {t('company.back')}
        </Anchor>
      </Group>
      {company.data ? (
        <CompanyScreen company={company.data} />
      ) : company.error instanceof ApiError && company.error.status === 404 ? (
        <Text role="alert">{t('company.notFound')}</Text>
      ) : (
        <ListStatus query={company} />
      )}
    </Page>
  );
}
