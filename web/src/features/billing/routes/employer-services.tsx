import { Button, Group } from '@mantine/core';
import { IconDatabaseSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BuyCvAccessDialog } from '@/shared/billing/components/buy-cv-access-dialog';
import { useLanguage } from '@/shared/i18n/use-language';

import { useEmployerServices } from '../api/get-employer-services';
import { ServicesScreen } from '../components/services-screen';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** `/employer/account/my-services`: the acting company's services, and buying CV-database access. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const services = useEmployerServices(useLanguage());
  const [buying, setBuying] = useState(false);
  return (
    <>
      <ServicesScreen
        services={services}
        employer
        actions={
          <Group>
            <Button leftSection={<IconDatabaseSearch size={18} aria-hidden />} onClick={() => setBuying(true)}>
              {t('services.buyCvAccess')}
            </Button>
          </Group>
        }
      />
      <BuyCvAccessDialog opened={buying} onClose={() => setBuying(false)} />
    </>
  );
}
