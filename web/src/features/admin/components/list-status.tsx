import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';

/** Under a list: a loader while its query runs, the refusal when it fails. */
export function ListStatus({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  return query.isError ? (
    <Text c="red" p="md" role="alert">
      {errorText(query.error)}
    </Text>
  ) : null;
}
