import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Companies, loader } from '../routes/companies';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

/** A phone: only the query below Mantine's `sm` matches. */
function stubPhone() {
  const desktop = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...desktop(query), matches: query.includes('max-width: 47.99em') }));
}

const company = {
  countryCode: 'EE',
  registryCode: '12345678',
  businessName: 'Põhja Köök OÜ',
  address: 'Tartu mnt 1, Tallinn',
  supervisor: 'juht@pohjakook.ee',
  staffCount: 2,
  activeVacancies: 3,
  createdAt: '2026-11-02T10:00:00Z',
  hasContract: false,
};
const claim = {
  id: 'c-1',
  businessName: 'Kohvik OÜ',
  registryCode: '87654321',
  username: 'mari@kohvik.ee',
  firstname: 'Mari',
  lastname: 'Maasikas',
  supervisor: null,
  registerEmail: 'info@kohvik.ee',
  registerWebsite: null,
  createdAt: '2026-11-20T10:00:00Z',
};

/** Every element measured by a `ResizeObserver` is `width` px wide (jsdom lays nothing out). */
function stubListWidth(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const size = [{ inlineSize: width, blockSize: 400 }];
        const entry = { target, borderBoxSize: size, contentBoxSize: size, contentRect: { x: 0, y: 0, top: 0, left: 0, bottom: 400, right: width, width, height: 400 } };
        queueMicrotask(() => this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver));
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

describe('the admin lists on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card a row with the values labelled and the row\u2019s switch, link and buttons, and no table', async () => {
    const calls = fakeApi({
      'GET /api/admin/company/EE': { body: { content: [company], totalElements: 1, totalPages: 1, page: 0, size: 50 } },
      'GET /api/admin/company-claims': { body: [claim] },
      'PATCH /api/admin/company/EE/12345678/hasContract': { status: 204 },
    });
    stubPhone();
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/companies', [{ path: 'admin/companies', element: <Companies /> }]);

    const card = await screen.findByRole('article', { name: 'Põhja Köök OÜ' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open Põhja Köök OÜ' })).toHaveAttribute('href', '/en/admin/companies/EE/12345678');
    expect(within(card).getByText('Registry code').nextSibling).toHaveTextContent('12345678');
    expect(within(card).getByText('Active vacancies').nextSibling).toHaveTextContent('3');
    expect(within(card).getByRole('button', { name: 'Prices of Põhja Köök OÜ' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Log in as the company' })).toBeInTheDocument();
    await user.click(within(card).getByRole('switch', { name: 'Company has a contract: Põhja Köök OÜ' }));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(true);

    const claims = screen.getByRole('group', { name: 'Claims waiting for a decision' });
    const claimCard = within(claims).getByRole('article', { name: 'Kohvik OÜ, mari@kohvik.ee' });
    expect(within(claimCard).getByText('info@kohvik.ee')).toBeInTheDocument();
    expect(within(claimCard).getByRole('button', { name: 'Approve: Kohvik OÜ, mari@kohvik.ee' })).toBeInTheDocument();
    expect(within(claimCard).getByRole('button', { name: 'Reject: Kohvik OÜ, mari@kohvik.ee' })).toBeInTheDocument();
  });

  it('shows the cards where the window is wide but the list has less room than its table needs', async () => {
    fakeApi({
      'GET /api/admin/company/EE': { body: { content: [company], totalElements: 1, totalPages: 1, page: 0, size: 50 } },
      'GET /api/admin/company-claims': { body: [claim] },
    });
    // 900 px: less than the companies' table needs (960), more than the claims' (880)
    stubListWidth(900);
    await loader();
    await renderRoutes('/en/admin/companies', [{ path: 'admin/companies', element: <Companies /> }]);

    const card = await screen.findByRole('article', { name: 'Põhja Köök OÜ' });
    expect(within(card).getByRole('link', { name: 'Open Põhja Köök OÜ' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open Põhja Köök OÜ' })!.closest('tr')).toBeNull();
    const claims = screen.getByRole('table', { name: 'Claims waiting for a decision' });
    expect(within(claims).getByRole('button', { name: 'Approve: Kohvik OÜ, mari@kohvik.ee' })).toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(1);
  });

  it('keeps the table at desktop width', async () => {
    fakeApi({
      'GET /api/admin/company/EE': { body: { content: [company], totalElements: 1, totalPages: 1, page: 0, size: 50 } },
      'GET /api/admin/company-claims': { body: [] },
    });
    await loader();
    await renderRoutes('/en/admin/companies', [{ path: 'admin/companies', element: <Companies /> }]);

    const row = (await screen.findByRole('link', { name: 'Open Põhja Köök OÜ' })).closest('tr')!;
    expect(within(row).getByRole('switch', { name: 'Company has a contract: Põhja Köök OÜ' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('No claims wait for a decision.')).toBeInTheDocument();
  });
});
