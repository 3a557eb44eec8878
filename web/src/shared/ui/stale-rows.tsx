import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Rows that stand in for those asked for while these load (`keepPreviousData`): the lists keep the
 * previous answer on screen, dimmed under a small loader and busy, rather than swapping it for a
 * spinner, so a row in both answers keeps its element (and a menu open on it).
 */

/** The styles of rows that stand in for those asked for: dimmed. */
export const STALE_ROWS = { opacity: 0.5, transition: 'opacity 150ms' } as const;
/** The rows that answer the query: back to full contrast at once, without fading in (an axe check
 * run as the list stops being busy reads the rows as they are). */
export const CURRENT_ROWS = { opacity: 1, transition: 'none' } as const;

/** The loader over the first of the stale rows, `top` px down their box (which is `pos="relative"`),
 * inside the list's busy element. */
export function StaleRowsLoader({ top }: { top: number }) {
  const { t } = useTranslation();
  return <Loader role="progressbar" aria-label={t('common.loading')} size="sm" pos="absolute" top={top} left="50%" style={{ transform: 'translateX(-50%)', zIndex: 1 }} />;
}
