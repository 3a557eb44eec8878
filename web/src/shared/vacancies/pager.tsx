import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useDesktop } from '@/shared/ui/use-desktop';

import { pageSlots } from './pagination';

/**
 * Previous, numbered pages with ellipses, next (spec 1 sections 2 and 9): 5 slots and text labels
 * from 1024 px, 3 slots and arrows below. Pages are zero-based.
 */
export function Pager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const wide = useDesktop();
  if (total <= 1) return null;
  const slots = pageSlots(page, total, wide ? 5 : 3);
  return (
    <Group component="nav" aria-label={t('search.pagination')} gap={4} justify="center" wrap="nowrap" my="lg">
      <Button variant="subtle" size="compact-md" disabled={page <= 0} onClick={() => onChange(page - 1)} aria-label={t('search.previous')}>
        {wide ? `‹ ${t('search.previous')}` : '‹'}
      </Button>
      {slots.map((slot) =>
        slot.kind === 'gap' ? (
          <Text key={slot.key} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={slot.page}
            size="compact-md"
            variant={slot.page === page ? 'filled' : 'default'}
            aria-current={slot.page === page ? 'page' : undefined}
            aria-label={t('search.page', { page: slot.page + 1 })}
            onClick={() => onChange(slot.page)}
          >
            {slot.page + 1}
          </Button>
        ),
      )}
      <Button variant="subtle" size="compact-md" disabled={page >= total - 1} onClick={() => onChange(page + 1)} aria-label={t('search.next')}>
        {wide ? `${t('search.next')} ›` : '›'}
      </Button>
    </Group>
  );
}
