import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/app/query-client';
import { theme } from '@/app/theme';
import type { Me } from '@/shared/api/types';
import { applyLanguage } from '@/shared/i18n';
import { useBadgeCounts } from '@/shared/session/badge-counts';
import { fakeApi } from '@/test/render';

import { type NavItem, sidebarItems } from './navigation';
import { SidebarLink } from './sidebar-link';

const applications: NavItem = { key: 'my-applications', label: 'nav.myApplications', to: '/account/my-applications', badge: 'APPLICATIONS' };
const favourites: NavItem = { key: 'my-favourites', label: 'nav.myFavourites', to: '/account/my-favourites' };

function Sidebar({ visible, items = [applications, favourites] }: { visible: boolean; items?: NavItem[] }) {
  const counts = useBadgeCounts(true).data;
  return (
    <>
      {items.map((item) => (
        <SidebarLink key={item.key} item={item} href={`/en${item.to}`} active={false} visible={visible} counts={counts} />
      ))}
    </>
  );
}

async function renderSidebar(visible: boolean, items?: NavItem[]) {
  await applyLanguage('en');
  const router = createMemoryRouter([{ path: '*', element: <Sidebar visible={visible} items={items} /> }]);
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('sidebar badges', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the count on the item of its kind only', async () => {
    fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 3, interviews: 0, messages: 0, invoices: 0 } } });
    await renderSidebar(true);
    expect(await screen.findByRole('link', { name: 'My applications 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My favourites' })).toBeInTheDocument();
  });

  it('asks again 100 ms after a badge item appears, and every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } } });
    await renderSidebar(true);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(100));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
  });

  it('does not ask early while the items are hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } } });
    await renderSidebar(false);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(1);
  });
});

describe('sidebar links to creating', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends lisa_kuulutus from the employer's create-vacancy item, and nothing from the others", async () => {
    fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } } });
    window.dataLayer = [];
    const employer = { roles: ['USER', 'EMPLOYER'] } as Me;
    await renderSidebar(true, sidebarItems(employer));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'My interviews' }));
    await user.click(screen.getByRole('link', { name: 'Create a vacancy' }));
    expect(window.dataLayer).toEqual([{ event: 'lisa_kuulutus' }]);
  });
});
