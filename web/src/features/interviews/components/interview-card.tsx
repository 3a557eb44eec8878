import { Anchor, Avatar, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { companyInitials } from '@/shared/lib/initials';

import type { ApplicantInterview } from '../api/types';
import { formatPeriod, occupationLabel, safeHttpLink } from '../lib/format';
import { choosableSlots } from '../lib/slots';
import { canAccept, canCancel, statusColor } from '../lib/status';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function Paragraph({ children }: { children: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

interface InterviewCardProps {
  interview: ApplicantInterview;
  onAccept: (interview: ApplicantInterview) => void;
  onCancel: (interview: ApplicantInterview) => void;
}

/** One interview: who, what, when and where, its status, the messages, and what can be done with it. */
export function InterviewCard({ interview, onAccept, onCancel }: InterviewCardProps) {
  const { t } = useTranslation('interviews');
  const language = useLanguage();
  const to = useLocalizedPath();
  const { company, vacancy } = interview;
  const title = occupationLabel(vacancy?.occupation.labels, language) ?? t('card.untitled');
  const link = safeHttpLink(interview.link);
  const chosen = interview.start && interview.end ? formatPeriod(interview.start, interview.end, language) : null;
  const open = choosableSlots(interview.slots);
  const offered = chosen ? [] : open.length > 0 ? open : interview.slots;
  const reasonLabel = interview.canceledBy === 'EMPLOYER' ? t('card.reasonEmployer') : t('card.reasonMine');

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={`${title}, ${company.businessName}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Avatar src={company.logo?.thumbnailUrl ?? company.logo?.url ?? null} alt={company.businessName} radius="md" size={48} color="blue">
              {companyInitials(company.businessName)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {vacancy ? (
                  <Anchor component={Link} to={to(`/vacancies/${vacancy.vacancyId}`)} inherit>
                    {title}
                  </Anchor>
                ) : (
                  title
                )}
              </Title>
              <Anchor component={Link} to={to(`/companies/${company.countryCode}/${company.registryCode}`)} size="sm" c="dimmed">
                {company.businessName}
              </Anchor>
            </Stack>
          </Group>
          <Badge color={statusColor(interview.displayStatus)} variant="light" style={{ flexShrink: 0 }}>
            {t(`status.${interview.displayStatus}`)}
          </Badge>
        </Group>

        <Group gap="xl" align="flex-start" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Detail label={t('card.type')}>
            <Text size="sm">{t(`type.${interview.type}`)}</Text>
          </Detail>
          <Detail label={t('card.duration')}>
            <Text size="sm">{t('card.minutes', { count: interview.durationMinutes })}</Text>
          </Detail>
          {chosen && (
            <Detail label={t('card.when')}>
              <Text size="sm" fw={600}>
                {chosen}
              </Text>
            </Detail>
          )}
        </Group>

        {offered.length > 0 && (
          <Detail label={t('card.offeredTimes')}>
            <List size="sm" spacing={2}>
              {offered.map((slot) => (
                <List.Item key={slot.slotId}>{formatPeriod(slot.start, slot.end, language)}</List.Item>
              ))}
            </List>
          </Detail>
        )}

        {interview.location && (
          <Detail label={t('card.location')}>
            <Paragraph>{interview.location}</Paragraph>
          </Detail>
        )}
        {interview.link && (
          <Detail label={t('card.link')}>
            {link ? (
              <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {interview.link}
              </Anchor>
            ) : (
              <Paragraph>{interview.link}</Paragraph>
            )}
          </Detail>
        )}
        {interview.description && (
          <Detail label={t('card.description')}>
            <Paragraph>{interview.description}</Paragraph>
          </Detail>
        )}
        {interview.applicantMessage && (
          <Detail label={t('card.myMessage')}>
            <Paragraph>{interview.applicantMessage}</Paragraph>
          </Detail>
        )}
        {interview.reason && (
          <Detail label={reasonLabel}>
            <Paragraph>{interview.reason}</Paragraph>
          </Detail>
        )}
        {interview.conclusionMessage && (
          <Detail label={t('card.conclusion')}>
            <Paragraph>{interview.conclusionMessage}</Paragraph>
          </Detail>
        )}

        {(canAccept(interview) || canCancel(interview)) && (
          <Group gap="xs">
            {canAccept(interview) && (
              <Button size="xs" onClick={() => onAccept(interview)}>
                {t('card.accept')}
              </Button>
            )}
            {canCancel(interview) && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onCancel(interview)}>
                {interview.status === 'INVITED' ? t('card.decline') : t('card.cancel')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
