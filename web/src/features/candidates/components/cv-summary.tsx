import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';

import { useCandidateCv } from '../api/get-candidate-cv';
import type { CandidateItem } from '../api/types';
import { NAMESPACE } from '../texts';
import { useOpenFile } from '@/shared/ui/open-file';

/** The CV sent with the application, or a note that there is none; its file downloads through the CV access rules. */
export function CvSummary({ candidate }: { candidate: CandidateItem }) {
  const { t } = useTranslation(NAMESPACE);
  const openFile = useOpenFile();
  const cv = useCandidateCv(candidate.cv?.cvId);
  if (!candidate.cv) return <Text c="dimmed">{t('cv.none')}</Text>;
  if (cv.isPending) return <Loader size="sm" aria-label={t('translation:common.loading')} />;
  if (cv.isError) return <Text c="red">{errorText(cv.error)}</Text>;
  const doc = cv.data;
  return (
    <Stack gap="xs">
      <Text fw={700}>{doc.title || t('cv.untitled')}</Text>
      {doc.email && (
        <Text size="sm">
          {t('cv.email')}: <Anchor href={`mailto:${doc.email}`}>{doc.email}</Anchor>
        </Text>
      )}
      {doc.phoneNumber && (
        <Text size="sm">
          {t('cv.phone')}: {doc.phoneNumber}
        </Text>
      )}
      {doc.aboutMe && (
        <>
          <Title order={4}>{t('cv.about')}</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.aboutMe}
          </Text>
        </>
      )}
      {doc.employmentHistories.length > 0 && (
        <>
          <Title order={4}>{t('cv.experience')}</Title>
          {doc.employmentHistories.map((job, index) => (
            <Text key={index} size="sm">
              {[job.occupation, job.company].filter(Boolean).join(', ')}
            </Text>
          ))}
        </>
      )}
      {doc.educations.length > 0 && (
        <>
          <Title order={4}>{t('cv.education')}</Title>
          {doc.educations.map((school, index) => (
            <Text key={index} size="sm">
              {[school.institution, school.speciality].filter(Boolean).join(', ')}
            </Text>
          ))}
        </>
      )}
      {doc.pdf && (
        <Anchor href={`/api/user/files/${doc.pdf.fileId}`} size="sm" onClick={openFile}>
          {t('cv.pdf', { name: doc.pdf.name })}
        </Anchor>
      )}
    </Stack>
  );
}
