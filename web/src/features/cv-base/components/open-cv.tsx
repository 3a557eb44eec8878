import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';

import { NAMESPACE } from '../locales/texts';

/** Opens a CV of the database on its own screen (the opening is counted there). */
export function OpenCvButton({ cvId }: { cvId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  return (
    <Button component={Link} to={to(`/employer/account/cv-base/cv/${cvId}`)} size="xs">
      {t('cv.open')}
    </Button>
  );
}
