import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { useLanguage } from '@/shared/i18n/use-language';
import { logout } from '@/shared/session/logout';
import { setMe } from '@/shared/session/me';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { notifyError } from '@/shared/ui/notify';

/** `/logout`: ends the session and goes to the main page. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const client = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .catch((error: unknown) => {
        // a session that is already gone is what logging out wants
        if (!(error instanceof ApiError && error.status === 401)) notifyError(t('logout.failed'));
      })
      .finally(() => {
        client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
        setMe(client, null);
        navigate(`/${language}/`, { replace: true });
      });
  }, [client, language, navigate, t]);

  return <FullScreenLoader />;
}
