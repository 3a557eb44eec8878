import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as MyCalendar, loader } from './my-calendar';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [{ path: 'employer/account/my-calendar', element: <MyCalendar /> }];
const me = { username: 'boss@example.ee', roles: ['USER', 'EMPLOYER'], profile: {}, company: { businessName: 'Kohvik OÜ', countryCode: 'EE', registryCode: '12345678' } };
const calendar = { 'GET /api/user/events/my': { body: [] }, 'GET /api/user/events/my/recurrent': { body: [] }, 'GET /api/open/me': { body: me } };

describe('my calendar (employer)', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    notify.notifySuccess.mockClear();
  });

  it('saves my working hours as the week the editor shows', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      ...calendar,
      'GET /api/employer/working_hours/user': { body: { userId: 'user-9', days: [{ weekday: 1, start: '09:00', end: '17:00' }] } },
      'GET /api/employer/working_hours/company': { body: { days: [], mayEdit: true } },
      'GET /api/user/calendar-feed': { body: { active: false } },
      'POST /api/employer/working_hours/user/user-9': (request) => {
        void request.clone().json().then((body) => bodies.push(body));
        return { body: { userId: 'user-9', days: [] } };
      },
    });
    await renderRoutes('/en/employer/account/my-calendar', routes);
    const user = userEvent.setup();

    const mine = await screen.findByRole('region', { name: 'My working hours' });
    await waitFor(() => expect(within(mine).getByRole('checkbox', { name: 'Monday' })).toBeChecked());
    expect(within(mine).getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
    expect(within(mine).getByLabelText('Tuesday To')).toBeDisabled();

    await user.click(within(mine).getByRole('checkbox', { name: 'Tuesday' }));
    const from = within(mine).getByLabelText('Tuesday From');
    await user.clear(from);
    await user.type(from, '10:00');
    await user.click(within(mine).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(mine).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toEqual([{ days: [{ weekday: 2, start: '10:00', end: '17:00' }] }]));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Saved'));
  });

  it('saves the company’s hours under its registry code and shows a refusal', async () => {
    const calls = fakeApi({
      ...calendar,
      'GET /api/employer/working_hours/user': { body: { userId: 'user-9', days: [] } },
      'GET /api/employer/working_hours/company': { body: { days: [], mayEdit: true } },
      'GET /api/user/calendar-feed': { body: { active: false } },
      'POST /api/employer/working_hours/company/EE/12345678': { status: 403, body: { message: 'Access denied', code: 'forbidden' } },
    });
    await renderRoutes('/en/employer/account/my-calendar', routes);
    const user = userEvent.setup();

    const company = await screen.findByRole('region', { name: "Company's working hours" });
    await waitFor(() => expect(within(company).getByRole('button', { name: 'Save' })).toBeInTheDocument());
    await user.click(within(company).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(company).getByRole('button', { name: 'Save' }));
    expect(await within(company).findByRole('alert')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/employer/working_hours/company/EE/12345678'))).toBe(true);
    expect(notify.notifySuccess).not.toHaveBeenCalled();
  });

  it('shows the company’s hours read-only, saying why, to a member who may not change them', async () => {
    const calls = fakeApi({
      ...calendar,
      'GET /api/employer/working_hours/user': { body: { userId: 'user-9', days: [] } },
      'GET /api/employer/working_hours/company': { body: { days: [{ weekday: 5, start: '08:30', end: '15:00' }], mayEdit: false } },
      'GET /api/user/calendar-feed': { body: { active: false } },
    });
    await renderRoutes('/en/employer/account/my-calendar', routes);

    const company = await screen.findByRole('region', { name: "Company's working hours" });
    expect(await within(company).findByText("Only the company's supervisor changes the company's working hours; you see them read-only.")).toBeInTheDocument();
    await waitFor(() => expect(within(company).getByRole('checkbox', { name: 'Friday' })).toBeChecked());
    expect(within(company).getByRole('checkbox', { name: 'Friday' })).toBeDisabled();
    expect(within(company).getByLabelText('Friday From')).toBeDisabled();
    expect(within(company).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'My working hours' });
    expect(within(mine).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('makes a private feed address, shows it once, and revokes it', async () => {
    let active = false;
    const calls = fakeApi({
      ...calendar,
      'GET /api/employer/working_hours/user': { body: { userId: 'user-9', days: [] } },
      'GET /api/employer/working_hours/company': { body: { days: [], mayEdit: true } },
      'GET /api/user/calendar-feed': () => ({ body: active ? { active, createdAt: '2026-11-24T10:00:00Z' } : { active } }),
      'POST /api/user/calendar-feed': () => {
        active = true;
        return { status: 201, body: { url: 'https://vakants.ee/api/open/calendar/secret.ics', createdAt: '2026-11-24T10:00:00Z' } };
      },
      'DELETE /api/user/calendar-feed': () => {
        active = false;
        return { status: 204 };
      },
    });
    await renderRoutes('/en/employer/account/my-calendar', routes);
    const user = userEvent.setup();

    const feed = await screen.findByRole('region', { name: 'Private calendar address' });
    expect(await within(feed).findByText('No address yet.')).toBeInTheDocument();
    await user.click(within(feed).getByRole('button', { name: 'Create address' }));
    expect(await within(feed).findByRole('textbox', { name: 'Private calendar address' })).toHaveValue('https://vakants.ee/api/open/calendar/secret.ics');
    expect(await within(feed).findByRole('button', { name: 'Make a new address' })).toBeInTheDocument();

    await user.click(within(feed).getByRole('button', { name: 'Revoke' }));
    expect(await within(feed).findByText('No address yet.')).toBeInTheDocument();
    expect(within(feed).queryByRole('textbox')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/user/calendar-feed'))).toBe(true);
  });
});
