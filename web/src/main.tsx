import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';

import { createQueryClient, handleGlobalError, setGlobalNavigate } from '@/app/query-client';
import { createRouter } from '@/app/router';
import { cssVariablesResolver, localizedTheme } from '@/app/theme';
import { applyLanguage } from '@/shared/i18n';
import { isLanguage, storedLanguage } from '@/shared/i18n/languages';
import { TOAST_MS } from '@/shared/ui/notify';

const firstSegment = window.location.pathname.split('/')[1];
await applyLanguage(isLanguage(firstSegment) ? firstSegment : storedLanguage());

const queryClient = createQueryClient();
const router = createRouter();
setGlobalNavigate((path) => void router.navigate(path));

window.addEventListener('unhandledrejection', (event) => handleGlobalError(event.reason));
window.addEventListener('error', (event) => handleGlobalError(event.error));

// a first screen the server painted stays until the app can show the page itself (its route
// module loaded), not a loader in between; other pages show the loader at once
const root = document.getElementById('root')!;
if (root.hasChildNodes() && !router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Mantine with the theme in the interface's language (the close buttons' names). */
function Themed({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const theme = useMemo(() => localizedTheme(t('common.close'), t('common.loading')), [t, i18n.language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

// a transition lets React render the first screen in slices, so the page stays responsive while it builds
const reactRoot = createRoot(root);
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <Themed>
        <Notifications position="top-right" autoClose={TOAST_MS} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Themed>
    </StrictMode>,
  ),
);
