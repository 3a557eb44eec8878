import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useMe } from '@/shared/session/me';
import { Page } from '@/shared/ui/page';

import { useCv } from '../api/get-cv';
import { CvWizard } from '../components/cv-wizard';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('cv', texts);

/**
 * `/account/create-cv` (a new CV) and `/account/create-cv?cvId=…` (editing one). Opening another
 * CV starts the wizard anew; the CV the wizard itself just created (to attach a PDF) does not.
 */
export function Component() {
  const { t } = useTranslation('cv');
  const to = useLocalizedPath();
  const me = useMe().data;
  const [params, setParams] = useSearchParams();
  const cvId = params.get('cvId');
  const cv = useCv(cvId);
  const created = useRef<string | null>(null);
  const [wizard, setWizard] = useState({ cvId, generation: 0 });
  if (wizard.cvId !== cvId) {
    setWizard({ cvId, generation: cvId !== null && cvId === created.current ? wizard.generation : wizard.generation + 1 });
  }

  const adopted = cvId !== null && cvId === created.current;
  const title = cvId && !adopted ? t('wizard.titleEdit') : t('wizard.titleNew');
  let body;
  if (!me || (cvId && cv.isPending && !adopted)) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (cvId && cv.isError && !adopted) {
    body = (
      <Stack align="flex-start">
        <Text>{t('wizard.notFound')}</Text>
        <Button component={Link} to={to('/account/my-cv')} variant="light">
          {t('wizard.toMyCvs')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <CvWizard
        key={`${me.username}:${wizard.generation}`}
        me={me}
        initialCvId={cvId}
        savedCv={cv.data ?? null}
        onCreated={(id) => {
          created.current = id;
          setParams({ cvId: id }, { replace: true });
        }}
      />
    );
  }
  return <Page title={title}>{body}</Page>;
}
