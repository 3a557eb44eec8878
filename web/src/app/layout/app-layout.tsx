import { Anchor, AppShell, Box, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigation } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { streamSide, useLiveStream } from '@/shared/live/use-live-stream';
import { useBadgeCounts } from '@/shared/session/badge-counts';
import { useMe } from '@/shared/session/me';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';

import { Footer } from './footer';
import { LanguageSelect } from './language-select';
import { SidebarLink } from './sidebar-link';
import { cvBaseItem, dashboardItem, faqPath, samplesItem, sidebarItems } from './navigation';

const AccountControls = lazy(() => import('./account-controls'));
const ImpersonationNotice = lazy(() => import('./impersonation-notice'));

export const HEADER_HEIGHT = 64;

/** Route modules export `handle = { transparentHeader: true }` to put the header over their hero. */
function useTransparentHeader(): boolean {
  const matches = useMatches();
  const [scroll] = useWindowScroll();
  const wanted = matches.some((match) => (match.handle as { transparentHeader?: boolean } | undefined)?.transparentHeader);
  return wanted && scroll.y < 8;
}

function Logo() {
  const to = useLocalizedPath();
  return (
    <Anchor component={Link} to={to('/')} underline="never" c="blue.8" fw={800} fz={{ base: 20, xs: 24 }} aria-label="Vakants">
      Vakants
    </Anchor>
  );
}

/** Header, sidebar (desktop for signed-in users, burger menu below 1024 px), content and footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const location = useLocation();
  const navigation = useNavigation();
  const me = useMe().data ?? null;
  const [menuOpened, menu] = useDisclosure(false);
  const [logoutRequests, setLogoutRequests] = useState(0);
  const requestLogout = () => setLogoutRequests((count) => count + 1);
  const transparent = useTransparentHeader();
  const desktop = useMediaQuery('(min-width: 64em)');
  // below 576 px the header's gaps shrink so that a signed-in employer's controls (language,
  // company, bell, avatar) fit beside the logo on a 375 px phone
  const phone = useMediaQuery('(max-width: 35.99em)');
  // a collapsed sidebar stays in the page for its slide animation; keep it away from keyboards and readers
  const sidebarHidden = desktop ? !me : !menuOpened;
  const dashboard = dashboardItem(me);
  const samples = samplesItem(me);
  const cvBase = cvBaseItem(me);
  const badges = useBadgeCounts(!!me).data;
  // one live stream per tab while signed in: chat events raise the MESSAGES badge at once
  useLiveStream(streamSide(me));

  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [location.pathname, closeMenu]);

  const headerLink = (path: string, label: string) => (
    <Anchor component={Link} to={to(path)} c="dark" fw={500} size="sm">
      {label}
    </Anchor>
  );

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 250, breakpoint: 'md', collapsed: { mobile: !menuOpened, desktop: !me } }}
      padding={0}
    >
      <AppShell.Header
        withBorder={!transparent}
        style={{ background: transparent ? 'transparent' : 'var(--mantine-color-body)', transition: 'background 150ms' }}
      >
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap={phone ? 'xs' : 'lg'} wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="md" size="sm" aria-label={t('nav.menu')} />
            <Logo />
            <Group gap="lg" visibleFrom="md" component="nav" aria-label={t('nav.mainNavigation')}>
              {headerLink('/', t('nav.home'))}
              {cvBase && headerLink(cvBase.to, t(cvBase.label))}
              {headerLink('/vacancies', t('nav.vacancies'))}
              {headerLink('/categories', t('nav.categories'))}
              {headerLink('/companies/EE', t('nav.employers'))}
              {headerLink(faqPath(me), t('nav.faq'))}
              {dashboard && headerLink(dashboard.to, t(dashboard.label))}
              {samples && headerLink(samples.to, t(samples.label))}
            </Group>
          </Group>
          <Group gap={phone ? 4 : 'sm'} wrap="nowrap">
            <LanguageSelect />
            {me ? (
              <Suspense fallback={null}>
                <AccountControls me={me} logoutRequests={logoutRequests} />
              </Suspense>
            ) : (
              <Button component={Link} to={to('/login')} visibleFrom="sm">
                {t('nav.login')}
              </Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.mainNavigation')} inert={sidebarHidden} aria-hidden={sidebarHidden}>
        <Stack gap={4}>
          {sidebarItems(me).map((item) => (
            <Box key={item.key} hiddenFrom={item.mobileOnly ? 'md' : undefined}>
              <SidebarLink item={item} href={to(item.to)} active={location.pathname === to(item.to)} visible={!sidebarHidden} counts={badges} />
            </Box>
          ))}
          {me ? (
            <Box hiddenFrom="md">
              <NavLink component="button" label={t('nav.logout')} c="red" onClick={requestLogout} />
            </Box>
          ) : (
            <Button component={Link} to={to('/login')} mt="sm" fullWidth>
              {t('nav.login')}
            </Button>
          )}
          {me && (
            <Text size="xs" c="dimmed" mt="md" px="sm" truncate>
              {me.username}
            </Text>
          )}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        {me?.originalUser && (
          <Suspense fallback={null}>
            <ImpersonationNotice me={me} />
          </Suspense>
        )}
        {/* at least a screen high: the footer starts below the fold and never jumps while a page loads */}
        <Box style={{ flex: 1, minHeight: `calc(100vh - ${HEADER_HEIGHT}px)` }}>{children}</Box>
        <Footer />
      </AppShell.Main>

      {navigation.state === 'loading' && <FullScreenLoader />}
    </AppShell>
  );
}
