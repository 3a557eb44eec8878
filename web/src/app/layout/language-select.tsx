import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { LANGUAGE_NAMES, LANGUAGES, isLanguage, storeLanguage, switchLanguagePath } from '@/shared/i18n/languages';
import { useLanguage } from '@/shared/i18n/use-language';

import { useSettingsUi } from '../settings-ui';

/** Switches the language by replacing the first path segment, keeping the rest of the address. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const settings = useSettingsUi();
  const offered = (settings.data?.locales ?? LANGUAGES).filter(isLanguage);

  return (
    <Group gap={4} component="nav" aria-label={t('nav.language')} wrap="nowrap">
      {offered.map((code) => (
        <Anchor
          key={code}
          component={Link}
          to={switchLanguagePath(location.pathname, code) + location.search + location.hash}
          onClick={() => storeLanguage(code)}
          lang={code}
          hrefLang={code}
          title={LANGUAGE_NAMES[code]}
          aria-label={`${code.toUpperCase()} – ${LANGUAGE_NAMES[code]}`}
          aria-current={code === language ? 'true' : undefined}
          fw={code === language ? 700 : 500}
          c={code === language ? 'blue.8' : 'dimmed'}
          size="sm"
          px={6}
          py={4}
          underline="never"
        >
          {code.toUpperCase()}
        </Anchor>
      ))}
    </Group>
  );
}
