import { useTranslation } from 'react-i18next';

import { SearchBox } from '@/shared/search/widgets';

/** The occupation text; searches on submit, so each search is one URL entry. */
export function OccupationSearch() {
  const { t } = useTranslation();
  return <SearchBox label={t('search.occupation')} placeholder={t('search.occupationPlaceholder')} submit={t('search.search')} maxLength={100} />;
}
