import { screen, waitFor, within } from '@testing-library/react';
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

/** Holds back the answers to the requests `held` picks until `release` is called; the others go to the fake API. */
function holdRequests(held: (url: URL) => boolean) {
  const answer = globalThis.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (held(url)) await released;
    return answer(input, init);
  });
  return () => release();
}

/** A page of companies, with `names` as its rows. */
function companies(names: string[], totalPages = 1) {
  return {
    body: {
      content: names.map((businessName, i) => ({ ...company, businessName, registryCode: String(10000000 + i) })),
      totalElements: names.length,
      totalPages,
      page: 0,
      size: 20,
    },
  };
}

const shownNames = () => screen.getAllByRole('link', { name: /^Open / }).map((link) => link.textContent);

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

});

describe('the admin lists beside the sidebar', () => {
  afterEach(() => vi.unstubAllGlobals());

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

  it('shows a table on any window wider than a phone\u2019s, in a named region that scrolls sideways by keyboard', async () => {
    fakeApi({
      'GET /api/admin/company/EE': companies(['Põhja Köök OÜ']),
      'GET /api/admin/company-claims': { body: [claim] },
    });
    await loader();
    await renderRoutes('/en/admin/companies', [{ path: 'admin/companies', element: <Companies /> }]);

    // the region is what scrolls when the table (minWidth 960) is wider than the room beside the sidebar
    const region = await screen.findByRole('region', { name: 'Companies' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).not.toHaveAttribute('aria-busy');
    const table = within(region).getByRole('table', { name: 'Companies' });
    expect(within(table).getByRole('link', { name: 'Open Põhja Köök OÜ' })).toBeInTheDocument();
    const claims = screen.getByRole('region', { name: 'Claims waiting for a decision' });
    expect(within(claims).getByRole('button', { name: 'Approve: Kohvik OÜ, mari@kohvik.ee' }).closest('tr')).not.toBeNull();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('dims the previous rows under a loader and marks the list busy while another sorting loads', async () => {
    fakeApi({
      'GET /api/admin/company/EE': (request) =>
        new URL(request.url).searchParams.get('sort') === 'name' ? companies(['Aasa OÜ', 'Õnne OÜ', 'Ääre OÜ']) : companies(['Ääre OÜ', 'Aasa OÜ', 'Õnne OÜ']),
      'GET /api/admin/company-claims': { body: [] },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/companies', [{ path: 'admin/companies', element: <Companies /> }]);
    await screen.findByRole('link', { name: 'Open Ääre OÜ' });
    const release = holdRequests((url) => url.searchParams.get('sort') === 'name');

    await user.click(within(screen.getByRole('columnheader', { name: 'Company' })).getByRole('button'));

    const region = screen.getByRole('region', { name: 'Companies' });
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('columnheader', { name: 'Company' })).toHaveAttribute('aria-sort', 'ascending');
    // the previous order is still there, dimmed, under a loader
    expect(shownNames()).toEqual(['Ääre OÜ', 'Aasa OÜ', 'Õnne OÜ']);
    const [, body] = within(region).getAllByRole('rowgroup');
    expect(body).toHaveStyle({ opacity: '0.5', transition: 'opacity 150ms' });
    expect(within(region).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();

    release();
    await waitFor(() => expect(shownNames()).toEqual(['Aasa OÜ', 'Õnne OÜ', 'Ääre OÜ']));
    expect(region).not.toHaveAttribute('aria-busy');
    // the sorted rows are at full contrast at once: they do not fade back in (an axe check run as
    // the list stops being busy would read them half-faded)
    expect(body).toHaveStyle({ opacity: '1', transition: 'none' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('marks the list busy while another search loads, not while another page of the same one does', async () => {
    fakeApi({
      'GET /api/admin/company/EE': (request) => {
        const params = new URL(request.url).searchParams;
        if (params.get('search')) return companies(['Õnne OÜ']);
        return params.get('page') === '1' ? companies(['Teine OÜ'], 2) : companies(['Esimene OÜ'], 2);
      },
      'GET /api/admin/company-claims': { body: [] },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/companies', [{ path: 'admin/companies', element: <Companies /> }]);
    await screen.findByRole('link', { name: 'Open Esimene OÜ' });
    const release = holdRequests((url) => url.searchParams.get('page') === '1' || !!url.searchParams.get('search'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    const region = screen.getByRole('region', { name: 'Companies' });
    expect(shownNames()).toEqual(['Esimene OÜ']);
    expect(region).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name or registry code'), 'õnne');
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'true'), { timeout: 2000 });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();

    release();
    await waitFor(() => expect(shownNames()).toEqual(['Õnne OÜ']));
    expect(region).not.toHaveAttribute('aria-busy');
  });
});
