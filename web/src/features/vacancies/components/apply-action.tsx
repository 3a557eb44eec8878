import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';

import type { ApplyButton } from '../lib/apply';

export function ApplyAction({ button, fullWidth }: { button: ApplyButton; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  switch (button.kind) {
    case 'hidden':
      return null;
    case 'applied':
      return (
        <Tooltip label={t('vacancy.appliedTooltip')}>
          <Button data-disabled fullWidth={fullWidth} size="md" onClick={(event) => event.preventDefault()} aria-disabled>
            {t('vacancy.applied')}
          </Button>
        </Tooltip>
      );
    case 'external':
      return (
        <Button component="a" href={button.href} target="_blank" rel="noopener" fullWidth={fullWidth} size="md">
          {t('vacancy.apply')}
        </Button>
      );
    case 'internal':
      return (
        <Button component={Link} to={to(button.path)} fullWidth={fullWidth} size="md">
          {t('vacancy.apply')}
        </Button>
      );
  }
}
