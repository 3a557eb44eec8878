import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { fetchDownload, saveDownload } from '@/shared/api/download';

import { notifyError } from './notify';

/**
 * The click handler of a link to a file of the API (a CV's PDF, an invoice, an attached file): the
 * file is fetched first, so that one which fails to open says so in a toast ("An attempt to open
 * the file failed, please try again or contact support.", spec 1 and 2 section 8) instead of leaving
 * the user on the server's bare error answer. A link with `target="_blank"` and no `download` shows
 * the file in a new tab (opened at the click, so no pop-up blocker stops it, and closed again on a
 * failure); any other is saved under its name. A click with a modifier key or another button is left to the browser.
 */
export function useOpenFile(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const { t } = useTranslation();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const link = event.currentTarget;
    const path = link.getAttribute('href') ?? '';
    const fallbackName = link.getAttribute('download') || decodeURIComponent(path.split('?')[0]!.split('/').pop() ?? 'file');
    const tab = link.target === '_blank' && !link.hasAttribute('download') ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    fetchDownload(path, fallbackName).then(
      (file) => {
        if (!tab) return saveDownload(file);
        const url = URL.createObjectURL(file.blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      () => {
        tab?.close();
        notifyError(t('errors.fileOpenFailed'));
      },
    );
  };
}
