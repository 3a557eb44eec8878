import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { UserNotification } from '../api/get-notifications';
import { Component as Notifications, loader } from './notifications';

const me = {
  username: 'boss@example.ee',
  roles: ['USER', 'EMPLOYER'],
  originalUser: null,
  company: { countryCode: 'EE', registryCode: '12345678', businessName: 'Põhja Köök OÜ' },
  profile: { firstname: 'Jaan', lastname: 'Tamm', phoneNumber: '+37251234567' },
};
const application: UserNotification = {
  id: 'n-1',
  kind: 'APPLICATION_RECEIVED',
  createdAt: '2026-11-29T08:00:00Z',
  read: false,
  forCompany: true,
  vacancyId: 'v-1',
  applicationId: 'a-1',
  subject: 'Kokk',
  counterpart: 'Mari Maasikas',
};
const invoice: UserNotification = {
  id: 'n-2',
  kind: 'INVOICE_PAID',
  createdAt: '2026-11-28T08:00:00Z',
  read: true,
  forCompany: true,
  invoiceId: 'inv-1',
  subject: 'VK-2026-0001',
};

const routes = [
  { path: 'account/notifications', element: <Notifications /> },
  { path: 'employer/account/my-vacancies/:vacancyId/candidates/:applicationId', element: <p>candidate page</p> },
];

async function open() {
  await loader();
  return renderRoutes('/en/account/notifications', routes, 'en');
}

function page(content: UserNotification[], unread: number) {
  return { body: { content, totalElements: content.length, totalPages: 1, page: 0, size: 20, unread } };
}

describe('the notification centre', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the notifications, newest first, and opening one marks it read and leads to its object', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/notifications': page([application, invoice], 1),
      'POST /api/user/notifications/n-1/read': { body: { unread: 0 } },
      'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } },
    });
    const { router } = await open();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Kokk · Mari Maasikas')).toBeInTheDocument();
    expect(within(items[0]).getByText('Unread')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('link', { name: 'Invoice paid' })).toHaveAttribute('href', '/en/employer/account/my-invoices?invoice=inv-1');

    await userEvent.setup().click(within(items[0]).getByRole('link', { name: 'New application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/employer/account/my-vacancies/v-1/candidates/a-1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/notifications/n-1/read'))).toBe(true));
  });

  it('marks all read', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/notifications': page([application], 1),
      'POST /api/user/notifications/read-all': { status: 204 },
    });
    await open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/notifications/read-all'))).toBe(true));
  });

  it('says when there is nothing yet, with "mark all read" off', async () => {
    fakeApi({ 'GET /api/open/me': { body: me }, 'GET /api/user/notifications': page([], 0) });
    await open();
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });
});
