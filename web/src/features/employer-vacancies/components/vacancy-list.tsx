import { Anchor, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { moderatorName } from '@/shared/moderators/moderator-dialog';
import { NAMESPACE as MODERATORS } from '@/shared/moderators/locales/texts';
import { useDesktop } from '@/shared/ui/use-desktop';
import { estonianDate } from '@/shared/vacancies/format';

import type { EmployerVacancy } from '../api/get-my-vacancies';
import { actionsFor, previewPath, type VacancyAction } from '../lib/actions';
import { leadingDate, openInvoice } from '../lib/format';
import { NAMESPACE } from '../texts';
import { ActionsMenu, PublishButton } from './actions-menu';
import { ReviewNote } from './review-note';
import { StateBadge } from './state-badge';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type OnAction = (vacancy: EmployerVacancy, action: VacancyAction) => void;

interface RowProps {
  vacancy: EmployerVacancy;
  /** Whether the caller may change the moderators (the supervisor and the administrators). */
  mayDelegate: boolean;
  onAction: OnAction;
}

/** "Moderator: name" of a vacancy delegated to a staff member; nothing for one delegated to nobody. */
function ModeratorLine({ vacancy }: { vacancy: EmployerVacancy }) {
  const { t } = useTranslation(MODERATORS);
  if (!vacancy.moderator) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {t('is', { name: moderatorName(vacancy.moderator) })}
    </Text>
  );
}

export function useVacancyTitle(): (vacancy: EmployerVacancy) => string {
  const { t } = useTranslation(NAMESPACE);
  return (vacancy) => vacancy.occupationLabel || t('untitled');
}

/** The applications count, leading to the vacancy's candidates (`features/candidates`) once there are any. */
function CandidatesLink({ vacancy, label, children }: { vacancy: EmployerVacancy; label?: string; children: ReactNode }) {
  const to = useLocalizedPath();
  if (!vacancy.applicationsCount) return <Text size="sm">{children}</Text>;
  return (
    <Anchor component={Link} to={to(`/employer/account/my-vacancies/${vacancy.id}/candidates`)} size="sm" aria-label={label}>
      {children}
    </Anchor>
  );
}

/** The occupation, leading to the preview when the vacancy has one. */
function Title({ vacancy, title }: { vacancy: EmployerVacancy; title: string }) {
  const to = useLocalizedPath();
  if (!actionsFor(vacancy.displayedState).includes('preview')) {
    return (
      <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to(previewPath(vacancy.id))} fw={700} c="dark" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
      {title}
    </Anchor>
  );
}

/** The unpaid invoice of a vacancy waiting for payment: number, total and due date. */
function InvoiceLine({ vacancy }: { vacancy: EmployerVacancy }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const invoice = openInvoice(vacancy);
  if (!invoice) return null;
  return (
    <Text size="sm" c="orange.9">
      {t('invoice', { number: invoice.number, total: formatEuros(invoice.totalCents, language) })}
      {' · '}
      {t('invoiceDue', { date: estonianDate(invoice.dueOn) })}
    </Text>
  );
}

function CvBaseBadge({ vacancy }: { vacancy: EmployerVacancy }) {
  const { t } = useTranslation(NAMESPACE);
  if (vacancy.type !== 'CV_BASE' || vacancy.displayedState === 'CV_DATABASE') return null;
  return (
    <Badge color="violet" variant="outline" style={{ textTransform: 'none' }}>
      {t('types.CV_BASE')}
    </Badge>
  );
}

/** A vacancy as a card: the narrow screens' list. */
function VacancyCard({ vacancy, mayDelegate, onAction }: RowProps) {
  const { t } = useTranslation(NAMESPACE);
  const title = useVacancyTitle()(vacancy);
  const lead = leadingDate(vacancy);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title vacancy={vacancy} title={title} />
          <ActionsMenu vacancy={vacancy} title={title} mayDelegate={mayDelegate} onAction={(action) => onAction(vacancy, action)} />
        </Group>
        <Group gap="xs">
          <StateBadge state={vacancy.displayedState} />
          <CvBaseBadge vacancy={vacancy} />
        </Group>
        <ReviewNote vacancy={vacancy} />
        <InvoiceLine vacancy={vacancy} />
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t(lead.key, { date: estonianDate(lead.at) })}
          </Text>
          {vacancy.validUntil && vacancy.displayedState !== 'DRAFT' && (
            <Text size="sm" c="dimmed">
              {t('validUntil', { date: estonianDate(vacancy.validUntil) })}
            </Text>
          )}
          <CandidatesLink vacancy={vacancy}>{t('applications', { count: vacancy.applicationsCount })}</CandidatesLink>
          <ModeratorLine vacancy={vacancy} />
        </Stack>
        <PublishButton vacancy={vacancy} />
      </Stack>
    </Card>
  );
}

/** A vacancy as a table row: the wide screens' list. */
function VacancyRow({ vacancy, mayDelegate, onAction }: RowProps) {
  const { t } = useTranslation(NAMESPACE);
  const title = useVacancyTitle()(vacancy);
  const lead = leadingDate(vacancy);
  return (
    <Table.Tr aria-label={title}>
      <Table.Td>
        <Stack gap={4}>
          <Title vacancy={vacancy} title={title} />
          {lead.key === 'changedOn' && (
            <Text size="xs" c="dimmed">
              {t('changedOn', { date: estonianDate(lead.at) })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Group gap={6}>
            <StateBadge state={vacancy.displayedState} />
            <CvBaseBadge vacancy={vacancy} />
          </Group>
          <ReviewNote vacancy={vacancy} />
          <InvoiceLine vacancy={vacancy} />
        </Stack>
      </Table.Td>
      <Table.Td>{lead.key === 'changedOn' ? '—' : estonianDate(lead.at)}</Table.Td>
      <Table.Td>{(vacancy.displayedState !== 'DRAFT' && estonianDate(vacancy.validUntil)) || '—'}</Table.Td>
      <Table.Td ta="right">
        <CandidatesLink vacancy={vacancy} label={t('applications', { count: vacancy.applicationsCount })}>
          {vacancy.applicationsCount}
        </CandidatesLink>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{vacancy.moderator ? moderatorName(vacancy.moderator) : '—'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <PublishButton vacancy={vacancy} />
          <ActionsMenu vacancy={vacancy} title={title} mayDelegate={mayDelegate} onAction={(action) => onAction(vacancy, action)} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The vacancies of one page: cards below 1024 px, a table from there. */
export function VacancyList({ vacancies, mayDelegate, onAction }: { vacancies: EmployerVacancy[]; mayDelegate: boolean; onAction: OnAction }) {
  const { t } = useTranslation(NAMESPACE);
  const desktop = useDesktop();
  if (!desktop) {
    return (
      <Stack gap="sm">
        {vacancies.map((vacancy) => (
          <VacancyCard key={vacancy.id} vacancy={vacancy} mayDelegate={mayDelegate} onAction={onAction} />
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('columns.vacancy')}</Table.Th>
          <Table.Th>{t('columns.state')}</Table.Th>
          <Table.Th style={NO_WRAP}>{t('columns.published')}</Table.Th>
          <Table.Th style={NO_WRAP}>{t('columns.validUntil')}</Table.Th>
          <Table.Th style={NO_WRAP} ta="right">
            {t('columns.applications')}
          </Table.Th>
          <Table.Th>{t('columns.moderator')}</Table.Th>
          <Table.Th w={150}>
            <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vacancies.map((vacancy) => (
          <VacancyRow key={vacancy.id} vacancy={vacancy} mayDelegate={mayDelegate} onAction={onAction} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
