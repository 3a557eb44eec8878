import { Alert, Anchor, Badge, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { type ReferenceList, useReference } from '@/shared/vacancies/reference';

import { countCvView } from '../api/count-cv-view';
import { type DatabaseCv, useDatabaseCv } from '../api/get-cv';
import { useSavedCvs } from '../api/saved-cvs';
import { AddToVacancyButton } from '../components/add-to-vacancy';
import { MessageCvButton } from '../components/message-cv';
import { SaveCvButton } from '../components/saved-cvs';
import { NAMESPACE, texts } from '../locales/texts';
import { useOpenFile } from '@/shared/ui/open-file';

export const loader = () => ensureNamespace(NAMESPACE, texts).then(() => null);

/** Where a CV file downloads, by the CV access rules (`GET /api/user/files/{id}`). */
const fileUrl = (fileId: string) => `/api/user/files/${fileId}`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The label of a code from a reference list, the code itself while the list loads. */
function useLabel(list: ReferenceList, language: Language): (code: string | null | undefined) => string | null {
  const options = useReference(list, language);
  return (code) => (code ? (options.find((option) => option.value === code)?.label ?? code) : null);
}

function years(from: string | null | undefined, to: string | null | undefined, present: boolean, presentText: string): string {
  const start = from ? estonianDate(from) : null;
  const end = present ? presentText : to ? estonianDate(to) : null;
  return [start, end].filter(Boolean).join(' – ');
}

function FileLink({ fileId, name }: { fileId: string; name?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const openFile = useOpenFile();
  return (
    <Anchor href={fileUrl(fileId)} size="sm" onClick={openFile}>
      {name ?? t('cv.file')}
    </Anchor>
  );
}

/** What the owner made visible: personal details, contacts, every list of the CV and its files. */
function CvDocument({ cv, language }: { cv: DatabaseCv; language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const city = useLabel('cities', language);
  const category = useLabel('categories', language);
  const employment = useLabel('employments', language);
  const education = useLabel('educationLevels', language);
  const spoken = useLabel('languages', language);
  const proficiency = useLabel('proficiencies', language);
  const skillLevel = useLabel('skillLevels', language);
  const licence = useLabel('driverLicences', language);
  const details: [string, string | null][] = [
    [t('cv.city'), city(cv.cityCode)],
    [t('cv.workLocation'), cv.workLocation ?? null],
    [t('cv.employment'), employment(cv.employmentType)],
    [t('cv.born'), estonianDate(cv.dateOfBirth)],
  ];
  return (
    <Stack gap="md">
      <Section title={t('cv.contacts')}>
        {cv.email && (
          <Text size="sm">
            {t('cv.email')}: <Anchor href={`mailto:${cv.email}`}>{cv.email}</Anchor>
          </Text>
        )}
        {cv.phoneNumber && (
          <Text size="sm">
            {t('cv.phone')}: <Anchor href={`tel:${cv.phoneNumber.replace(/\s/g, '')}`}>{cv.phoneNumber}</Anchor>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Text key={label} size="sm">
                <Text span c="dimmed" size="sm">
                  {label}:
                </Text>{' '}
                {value}
              </Text>
            ))}
        </SimpleGrid>
        {cv.categories.length > 0 && (
          <Group gap={4}>
            {cv.categories.map((code) => (
              <Badge key={code} variant="light" size="sm">
                {category(code)}
              </Badge>
            ))}
          </Group>
        )}
      </Section>
      {cv.aboutMe && (
        <Section title={t('cv.about')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {cv.aboutMe}
          </Text>
        </Section>
      )}
      {cv.employmentHistories.length > 0 && (
        <Section title={t('cv.experience')}>
          {cv.employmentHistories.map((job, index) => (
            <Stack key={index} gap={0}>
              <Text fw={600} size="sm">
                {[job.occupation, job.company].filter(Boolean).join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                {years(job.startDate, job.endDate, job.present ?? false, t('cv.present'))}
              </Text>
              {job.description && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {job.description}
                </Text>
              )}
            </Stack>
          ))}
        </Section>
      )}
      {cv.educations.length > 0 && (
        <Section title={t('cv.education')}>
          {cv.educations.map((school, index) => (
            <Text key={index} size="sm">
              {[education(school.educationLevel), school.institution, school.speciality].filter(Boolean).join(', ')}
              {school.graduationYear ? ` (${school.stillStudying ? t('cv.studying', { year: school.graduationYear }) : school.graduationYear})` : ''}
            </Text>
          ))}
        </Section>
      )}
      {(cv.languageSkills.length > 0 || cv.skills.length > 0 || cv.driverLicences.length > 0) && (
        <Section title={t('cv.skills')}>
          <List size="sm" spacing={2}>
            {cv.languageSkills.map((row, index) => (
              <List.Item key={`language-${index}`}>{[spoken(row.language), proficiency(row.proficiency)].filter(Boolean).join(' – ')}</List.Item>
            ))}
            {cv.skills.map((row, index) => (
              <List.Item key={`skill-${index}`}>{[row.skill, skillLevel(row.level)].filter(Boolean).join(' – ')}</List.Item>
            ))}
            {cv.driverLicences.map((row, index) => (
              <List.Item key={`licence-${index}`}>
                {t('cv.licence', { licence: licence(row.driverLicence), year: row.yearOfIssue ?? '–' })}
              </List.Item>
            ))}
          </List>
        </Section>
      )}
      {(cv.certificates.length > 0 || cv.courses.length > 0) && (
        <Section title={t('cv.training')}>
          {cv.certificates.map((row, index) => (
            <Group key={`certificate-${index}`} gap="xs">
              <Text size="sm">{[row.title, row.year].filter(Boolean).join(', ')}</Text>
              {row.fileId && <FileLink fileId={row.fileId} />}
            </Group>
          ))}
          {cv.courses.map((row, index) => (
            <Group key={`course-${index}`} gap="xs">
              <Text size="sm">{[row.title, row.organizer].filter(Boolean).join(', ')}</Text>
              {row.fileId && <FileLink fileId={row.fileId} />}
            </Group>
          ))}
        </Section>
      )}
      {cv.references.length > 0 && (
        <Section title={t('cv.references')}>
          {cv.references.map((row, index) => (
            <Group key={index} gap="xs">
              <Text size="sm">{[row.name, row.jobTitle, row.company, row.contact].filter(Boolean).join(', ')}</Text>
              {row.fileId && <FileLink fileId={row.fileId} />}
            </Group>
          ))}
        </Section>
      )}
      {cv.portfolio.length > 0 && (
        <Section title={t('cv.portfolio')}>
          {cv.portfolio.map((row, index) => (
            <Stack key={index} gap={2}>
              {row.description && <Text size="sm">{row.description}</Text>}
              {row.url && (
                <Anchor href={row.url} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.url}
                </Anchor>
              )}
              <Group gap="xs">
                {(row.fileIds ?? []).map((fileId) => (
                  <FileLink key={fileId} fileId={fileId} />
                ))}
              </Group>
            </Stack>
          ))}
        </Section>
      )}
      <Section title={t('cv.files')}>
        {cv.pdf ? (
          <FileLink fileId={cv.pdf.fileId} name={t('cv.pdf', { name: cv.pdf.name })} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('cv.noPdf')}
          </Text>
        )}
      </Section>
    </Stack>
  );
}

/** Counts one opening of the CV, once it has loaded, once per CV shown. */
function useCountView(cvId: string, loaded: boolean) {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || counted.current === cvId) return;
    counted.current = cvId;
    countCvView(cvId).catch(() => undefined);
  }, [cvId, loaded]);
}

/** `/employer/account/cv-base/cv/{cvId}`: a CV opened from the search or the saved list, with its actions. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { cvId = '' } = useParams();
  const language = useLanguage();
  const to = useLocalizedPath();
  const cv = useDatabaseCv(cvId);
  const saved = (useSavedCvs().data ?? []).some((item) => item.cvId === cvId);
  useCountView(cvId, cv.isSuccess);
  const name = [cv.data?.firstname, cv.data?.lastname].filter(Boolean).join(' ');
  const title = cv.data ? cv.data.title || t('search.untitled') : t('cv.title');
  return (
    <Page title={title} size="lg">
      <Stack gap="md">
        <Anchor component={Link} to={to('/employer/account/cv-base')} size="sm">
          {t('cv.back')}
        </Anchor>
        {cv.isPending && <Loader aria-label={t('translation:common.loading')} />}
        {cv.isError && (
          <Alert color="red" role="alert">
            {cv.error instanceof ApiError && cv.error.status === 404 ? t('cv.notFound') : errorText(cv.error)}
          </Alert>
        )}
        {cv.data && (
          <>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div>
                {name && (
                  <Text fw={700} fz="lg">
                    {name}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('search.updated', { date: estonianDate(cv.data.updatedAt) })}
                </Text>
              </div>
              <Group gap="xs" align="flex-start" role="group" aria-label={t('cv.actions')}>
                <SaveCvButton cvId={cvId} saved={saved} />
                <AddToVacancyButton cvId={cvId} />
                <MessageCvButton cvId={cvId} />
              </Group>
            </Group>
            <CvDocument cv={cv.data} language={language} />
          </>
        )}
      </Stack>
    </Page>
  );
}
