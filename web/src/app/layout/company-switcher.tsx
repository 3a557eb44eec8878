import { Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { CompanyRef, Me } from '@/shared/api/types';
import { useActAsCompany } from '@/shared/session/act-as-company';
import { isEmployer } from '@/shared/session/me';
import { useMyCompanies } from '@/shared/session/my-companies';
import { notifySuccess } from '@/shared/ui/notify';

const sameCompany = (a: Pick<CompanyRef, 'countryCode' | 'registryCode'>, b: Pick<CompanyRef, 'countryCode' | 'registryCode'> | null | undefined) =>
  !!b && a.countryCode === b.countryCode && a.registryCode === b.registryCode;

/**
 * The header's company picker for an employer on several companies' staff (spec 2 section 6): the
 * company acted for, and the others to switch to (`POST /api/auth/{countryCode}/{registryCode}`).
 * Below the small breakpoint it shrinks to an icon; nothing shows for one company.
 */
export function CompanySwitcher({ me }: { me: Me }) {
  const { t } = useTranslation();
  const employer = isEmployer(me);
  const companies = useMyCompanies(employer).data ?? [];
  const act = useActAsCompany();
  if (!employer || companies.length < 2) return null;
  const current = companies.find((company) => sameCompany(company, me.company));
  const label = current ? t('companySwitcher.label', { name: current.businessName }) : t('companySwitcher.choose');
  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={label} title={label} disabled={act.isPending}>
          <Button component="span" variant="default" size="xs" leftSection={<IconBuilding size={16} />} rightSection={<IconChevronDown size={14} />} maw={240} visibleFrom="sm">
            <Text span size="xs" fw={600} truncate>
              {current?.businessName ?? t('companySwitcher.choose')}
            </Text>
          </Button>
          <Button component="span" variant="default" size="xs" px={8} hiddenFrom="sm">
            <IconBuilding size={18} />
          </Button>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('companySwitcher.title')}</Menu.Label>
        {companies.map((company) => {
          const isCurrent = sameCompany(company, me.company);
          return (
            <Menu.Item
              key={`${company.countryCode}-${company.registryCode}`}
              disabled={isCurrent}
              rightSection={isCurrent ? <IconCheck size={16} aria-label={t('myCompany.current')} /> : null}
              onClick={() => act.mutate(company, { onSuccess: () => notifySuccess(t('myCompany.switched', { name: company.businessName })) })}
            >
              {company.businessName}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
