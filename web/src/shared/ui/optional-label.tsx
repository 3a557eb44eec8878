import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's label followed by a dimmed "(optional)": the mark of a field that may stay empty (spec 1 section 5). */
export function OptionalLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {children}{' '}
      <Text span c="dimmed" size="sm" fw={400}>
        ({t('common.optional')})
      </Text>
    </>
  );
}
