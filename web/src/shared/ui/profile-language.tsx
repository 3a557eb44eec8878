import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES, storeLanguage, switchLanguagePath } from '@/shared/i18n/languages';
import { useLanguage } from '@/shared/i18n/use-language';

/** A profile's language select: the language of the user's e-mails and of the interface. */
export function ProfileLanguageSelect({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('profile.language')}
      description={t('profile.languageHint')}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      value={value}
      onChange={(language) => isLanguage(language) && onChange(language)}
      // each name is in its own language (WCAG 3.1.2), as in the header's switch
      renderOption={({ option }) => <span lang={option.value}>{option.label}</span>}
      allowDeselect={false}
    />
  );
}

/**
 * The language a profile form starts with (the saved one, else the interface's), and the step after
 * saving it: the interface switches to a saved language that differs, on the same page.
 */
export function useProfileLanguage(saved: string | null | undefined): { initial: Language; apply: (language: Language) => void } {
  const current = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  return {
    initial: isLanguage(saved) ? saved : current,
    apply: (language) => {
      if (language === current) return;
      storeLanguage(language);
      void navigate(switchLanguagePath(location.pathname, language), { replace: true });
    },
  };
}
