import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type FakeApi, fakeApi, renderRoutes } from '@/test/render';

import type { EmployerVacancyDetail, VacancyProductOffer } from '../api/types';
import { Component as CreateVacancy, loader } from './create-vacancy';
import { Component as EditVacancy } from './edit-vacancy';
import { Component as PreviewVacancy } from './preview-vacancy';

const me = {
  username: 'employer@vakants.test',
  roles: ['USER', 'EMPLOYER'],
  originalUser: null,
  company: { businessName: 'Vakants Demo OÜ', registryCode: '14000009', countryCode: 'EE' },
  profile: { firstname: 'Eva', lastname: 'Tamm', phoneNumber: '+37251234567', gender: null, dateOfBirth: null },
};

const draft: EmployerVacancyDetail = {
  id: 'v-1',
  type: 'DEFAULT',
  status: 'TEMPORARY',
  displayedState: 'DRAFT',
  proLevel: 0,
  isBranded: false,
  moderator: null,
  mayDelegate: true,
  validUntil: null,
  occupationLabel: 'Cook',
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
  invoice: null,
  occupationCode: 'COOK',
  categoryCodes: ['CATERING'],
  employmentTypeCode: 'FULL_TIME',
  countryCode: 'EE',
  ehakCode: '0784',
  address: 'Pärnu mnt 10, Tallinn',
  adsAdrId: null,
  salaryFrom: 1200,
  salaryTo: 1600,
  salaryPeriodCode: 'MONTH',
  salaryByAgreement: false,
  remoteWork: false,
  shiftWork: false,
  contents: [{ languageCode: 'en', teaser: 'A cook for our kitchen', content: '{"ops":[{"insert":"We cook with local food.\\n"}]}' }],
  imageFileId: null,
  coverFileId: 'f-cover',
  galleryFileIds: [],
  videoUrl: null,
  publishAt: '2026-11-24T10:00:00.000Z',
  autoReplyText: null,
  applyLink: null,
  questions: [],
  minAge: null,
  maxAge: null,
  requiredCityCode: null,
  requiredGenderCode: null,
  educationLevelCode: null,
  workExperienceCode: null,
  languages: [],
  driverLicences: [],
  cvNotRequired: false,
  forDisabled: false,
  forForeigners: false,
  forRetired: false,
  forStudents: false,
  forUnderage: false,
};

const offer = (code: string, label: string, group: VacancyProductOffer['group'], priceCents: number, proLevel: number | null = null): VacancyProductOffer => ({
  code,
  label,
  description: '',
  group,
  listPriceCents: priceCents,
  priceCents,
  discount: 0,
  vatRateBp: 2400,
  proLevel,
  promoDays: null,
  cvBaseDays: null,
  durationDays: 30,
  unit: 'ITEM',
});

const products = {
  products: [
    offer('VACANCY_30', 'Vacancy up to 30 days', 'VACANCY', 2900),
    offer('PREMIUM', 'PREMIUM', 'PACKAGE', 29900, 3),
    offer('PRO_1', 'PRO 1', 'PRO', 500, 1),
    offer('PRO_3', 'PRO 3', 'PRO', 1400, 3),
    offer('BRANDING', 'Branding (30 days)', 'BRANDING', 2900),
  ],
};

const invoice = {
  id: 'inv-1',
  number: '2026-000123',
  referenceNumber: '1234561',
  status: 'UNPAID' as const,
  subtotalCents: 4300,
  vatCents: 1032,
  totalCents: 5332,
  issuedOn: '2026-11-24',
  dueOn: '2026-12-08',
  currency: 'EUR',
};

const reference: FakeApi = {
  'GET /api/open/me': { body: me },
  'GET /api/open/categories/extended': {
    body: [{ categoryCode: 'CATERING', iconCode: 'chef-hat', label: 'Catering', sizeCount: 3, occupations: [{ occupationCode: 'COOK', label: 'Cook' }] }],
  },
  'GET /api/open/categories': { body: [{ categoryCode: 'CATERING', iconCode: 'chef-hat', label: 'Catering', sizeCount: 3 }] },
  'GET /api/open/addresses/EE/cities': { body: [{ code: '0784', address: 'Tallinn', countryCode: 'EE' }] },
  'GET /api/open/employments': { body: [{ employmentType: 'FULL_TIME', label: 'Full-time' }] },
  'GET /api/open/periods': { body: [{ periodType: 'MONTH', label: 'per month' }] },
  'GET /api/open/settings-ui': { body: { buildVersion: 'test', defaultLocale: 'et', locales: ['et', 'en', 'ru'] } },
};

const routes = [
  { path: 'employer/account/my-vacancies/create-vacancy', element: <CreateVacancy /> },
  { path: 'employer/account/my-vacancies/:vacancyId/edit', element: <EditVacancy /> },
  { path: 'employer/account/my-vacancies/:vacancyId/preview', element: <PreviewVacancy /> },
];

const bodyOf = async (calls: Request[], key: string) => {
  const call = calls.find((request) => `${request.method} ${new URL(request.url).pathname}` === key);
  if (!call) throw new Error(`no call ${key}`);
  return call.clone().json() as Promise<Record<string, unknown>>;
};

describe('the vacancy wizard', () => {
  beforeEach(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates the draft on the first "Next" and goes on to branding at the vacancy’s own address', async () => {
    const calls = fakeApi({
      ...reference,
      'POST /api/employer/vacancies/create': (request) => {
        void request;
        return { status: 201, body: { ...draft, occupationCode: null, categoryCodes: [], contents: [] } };
      },
    });
    const { router } = await renderRoutes('/en/employer/account/my-vacancies/create-vacancy', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Basic info' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/employer/account/my-vacancies/v-1/edit'));
    expect(router.state.location.search).toBe('?step=branding');
    expect(await screen.findByRole('heading', { name: 'Branding' })).toBeInTheDocument();
    const body = await bodyOf(calls, 'POST /api/employer/vacancies/create');
    expect(body).toMatchObject({ occupationCode: null, categoryCodes: [], countryCode: 'EE', contents: [], questions: [], salaryByAgreement: false });
    expect(typeof body.publishAt).toBe('string');
  });

  it('keeps a draft from saving while a salary has no period, and says so on the field', async () => {
    const calls = fakeApi(reference);
    await renderRoutes('/en/employer/account/my-vacancies/create-vacancy', routes);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Salary from' }), '1500');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Choose the period of the salary')).toBeInTheDocument();
    expect(calls.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal on its field: a teaser of the second language sent', async () => {
    fakeApi({
      ...reference,
      'GET /api/employer/vacancies/v-1': { body: draft },
      'PUT /api/employer/vacancies/v-1': { status: 400, body: { message: 'The teaser is too long', code: 'invalid', field: 'contents[0].teaser' } },
    });
    const { router } = await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=autoReply', routes);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Auto-reply text (optional)' }), 'Thank you for applying!');
    await user.click(screen.getByRole('button', { name: 'Continue to publishing' }));

    // only English was sent, so the server's contents[0] is the English tab
    expect(await screen.findByRole('heading', { name: 'Basic info' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=basic');
    expect(await screen.findByRole('textbox', { name: 'Teaser (English)' })).toHaveAccessibleDescription(/The teaser is too long/);
  });

  it('publishes with the vacancy and PRO 3 after the server’s order summary, and says the vacancy is live', async () => {
    let vacancy = draft;
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/vacancies/v-1': () => ({ body: vacancy }),
      'GET /api/employer/vacancies/v-1/products': { body: products },
      'POST /api/employer/vacancies/v-1/quote': { body: { lines: [], subtotalCents: 4300, vatCents: 1032, totalCents: 5332 } },
      'PUT /api/employer/vacancies/v-1/status': () => {
        vacancy = { ...draft, status: 'EXISTS', displayedState: 'ACTIVE', proLevel: 3, invoice };
        return { body: { id: 'v-1', status: 'EXISTS', type: 'DEFAULT', displayedState: 'ACTIVE', applicationsCount: 0, createdAt: draft.createdAt, updatedAt: draft.updatedAt, invoice } };
      },
    });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=publish', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('radio', { name: 'Vacancy up to 30 days' })).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: 'PRO status' }));
    await user.click(await screen.findByRole('option', { name: /PRO 3/ }));
    expect(await screen.findByText('€53.32')).toBeInTheDocument();
    await waitFor(async () => expect(await bodyOf(calls.filter((r) => r.url.endsWith('/quote')).slice(-1), 'POST /api/employer/vacancies/v-1/quote')).toEqual({ productCodes: ['VACANCY_30', 'PRO_3'] }));

    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('heading', { name: 'Your vacancy is live' })).toBeInTheDocument();
    expect(await bodyOf(calls, 'PUT /api/employer/vacancies/v-1/status')).toEqual({ status: 'EXISTS', productCodes: ['VACANCY_30', 'PRO_3'] });
    expect(screen.getByRole('link', { name: "Open the vacancy's page" })).toHaveAttribute('href', '/en/vacancies/v-1');
  });

  it('explains the pay transparency directive on the salary step and warns while no pay is given', async () => {
    fakeApi({ ...reference, 'GET /api/employer/vacancies/v-1': { body: draft } });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=basic', routes);
    const user = userEvent.setup();

    expect(await screen.findByText(/pay transparency directive \(2023\/970\)/)).toBeInTheDocument();
    expect(screen.queryByTestId('no-pay-range')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Salary by agreement' }));
    expect(await screen.findByTestId('no-pay-range')).toHaveTextContent('No pay is given');
    await user.click(screen.getByRole('checkbox', { name: 'Salary by agreement' }));
    await user.type(screen.getByRole('textbox', { name: 'Salary from' }), '1500');
    await waitFor(() => expect(screen.queryByTestId('no-pay-range')).not.toBeInTheDocument());
  });

  it('warns under a screening question that asks about current or past pay, in each language', async () => {
    fakeApi({
      ...reference,
      'GET /api/employer/vacancies/v-1': {
        body: {
          ...draft,
          questions: [
            { question: 'Milline on teie praegune palk?', weight: 1 },
            { question: 'What are your salary expectations?', weight: 1 },
            { question: 'Сколько вы зарабатываете сейчас?', weight: 1 },
          ],
        },
      },
    });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=questions', routes);

    const first = await screen.findByRole('group', { name: 'Question 1' });
    expect(within(first).getByRole('status')).toHaveTextContent('current or past pay (“praegune palk”)');
    expect(within(screen.getByRole('group', { name: 'Question 2' })).queryByRole('status')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Question 3' })).getByRole('status')).toHaveTextContent('“сколько вы зарабатываете”');
  });

  it('asks before publishing without a pay range, and publishes only when the employer confirms', async () => {
    const vacancy = { ...draft, salaryFrom: null, salaryTo: null, salaryPeriodCode: null, salaryByAgreement: true };
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/vacancies/v-1': { body: vacancy },
      'GET /api/employer/vacancies/v-1/products': { body: products },
      'POST /api/employer/vacancies/v-1/quote': { body: { lines: [], subtotalCents: 2900, vatCents: 696, totalCents: 3596 } },
      'PUT /api/employer/vacancies/v-1/status': {
        body: { id: 'v-1', status: 'EXISTS', type: 'DEFAULT', displayedState: 'ACTIVE', applicationsCount: 0, createdAt: draft.createdAt, updatedAt: draft.updatedAt, invoice, warnings: ['NO_PAY_RANGE'] },
      },
    });
    const { router } = await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=publish', routes);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publish without a pay range?' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a pay range' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=basic'));
    expect(calls.some((request) => request.url.endsWith('/status'))).toBe(false);

    await router.navigate('/en/employer/account/my-vacancies/v-1/edit?step=publish');
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    dialog = await screen.findByRole('dialog', { name: 'Publish without a pay range?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    await waitFor(() => expect(calls.some((request) => request.url.endsWith('/status'))).toBe(true));
  });

  it('does not publish what the publishing rules refuse: the missing field is shown on its step', async () => {
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/vacancies/v-1': { body: { ...draft, employmentTypeCode: null } },
      'GET /api/employer/vacancies/v-1/products': { body: products },
      'POST /api/employer/vacancies/v-1/quote': { body: { lines: [], subtotalCents: 2900, vatCents: 696, totalCents: 3596 } },
    });
    const { router } = await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=publish', routes);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.search).toBe('?step=basic'));
    expect(await screen.findByRole('combobox', { name: 'Type of employment' })).toHaveAccessibleDescription('Required');
    expect(calls.some((request) => request.url.endsWith('/status'))).toBe(false);
  });

  it('shows the invoice of a vacancy waiting for payment and pays it in the sandbox in dev mode', async () => {
    let vacancy: EmployerVacancyDetail = { ...draft, status: 'EXISTS', displayedState: 'WAITING_FOR_PAYMENT', invoice };
    const calls = fakeApi({
      ...reference,
      'GET /api/open/settings-ui': { body: { buildVersion: 'test', defaultLocale: 'et', locales: ['et', 'en', 'ru'], devMode: true } },
      'GET /api/employer/vacancies/v-1': () => ({ body: vacancy }),
      'POST /api/dev/invoices/inv-1/pay': () => {
        vacancy = { ...vacancy, displayedState: 'ACTIVE', invoice: { ...invoice, status: 'PAID' } };
        return { status: 204 };
      },
    });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=publish', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Your vacancy is waiting for payment' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invoice' });
    expect(within(table).getByText('2026-000123')).toBeInTheDocument();
    expect(within(table).getByText('1234561')).toBeInTheDocument();
    expect(within(table).getByText('€53.32')).toBeInTheDocument();
    expect(within(table).getByText('08.12.2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay in the sandbox' }));

    expect(await screen.findByRole('heading', { name: 'Your vacancy is live' })).toBeInTheDocument();
    expect(calls.some((request) => request.method === 'POST' && request.url.endsWith('/api/dev/invoices/inv-1/pay'))).toBe(true);
  });

  it('offers no sandbox payment outside dev mode', async () => {
    fakeApi({ ...reference, 'GET /api/employer/vacancies/v-1': { body: { ...draft, status: 'EXISTS', displayedState: 'WAITING_FOR_PAYMENT', invoice } } });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=publish', routes);

    expect(await screen.findByRole('heading', { name: 'Your vacancy is waiting for payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay in the sandbox' })).not.toBeInTheDocument();
  });

  it('pays the invoice of a vacancy waiting for payment in the pay dialog', async () => {
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/vacancies/v-1': { body: { ...draft, status: 'EXISTS', displayedState: 'WAITING_FOR_PAYMENT', invoice } },
      'GET /api/payment/payment-methods': { body: [{ code: 'BANK_TRANSFER', online: false, label: 'Bank transfer', description: '', needs: [] }] },
      'POST /api/user/invoices/inv-1': {
        body: {
          kind: 'BANK_DETAILS',
          paymentId: null,
          redirectUrl: null,
          bank: { recipient: 'Vakants OÜ', iban: 'EE382200221020145685', bankName: 'Swedbank', bic: 'HABAEE2X' },
          referenceNumber: '1234561',
          totalCents: 5332,
          dueOn: '2026-12-08',
        },
      },
    });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/edit?step=publish', routes);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the invoice' });
    expect(within(dialog).getByText('Invoice 2026-000123 · total €53.32')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: 'Bank transfer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('table', { name: 'Bank details' })).toHaveTextContent('1234561');
    expect(await bodyOf(calls, 'POST /api/user/invoices/inv-1')).toEqual({ method: 'BANK_TRANSFER', currency: 'EUR' });
  });

  it('previews the vacancy with the public page’s view, with and without its branding', async () => {
    const preview = {
      vacancyId: 'v-1',
      active: false,
      address: 'Pärnu mnt 10, Tallinn',
      byAgreement: false,
      canApply: true,
      categories: [{ code: 'CATERING', label: 'Catering' }],
      company: { businessName: 'Vakants Demo OÜ', countryCode: 'EE', registryCode: '14000009' },
      content: [{ languageCode: 'en', content: '{"ops":[{"insert":"We cook with local food.\\n"}]}' }],
      cvNotRequired: false,
      driverLicences: [],
      forDisabled: false,
      forForeigners: false,
      forRetired: false,
      forStudents: false,
      forUnderage: false,
      isBranded: false,
      languageSkills: [],
      occupation: { occupationCode: 'COOK', labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } },
      premiumStatus: 0,
      remoteWork: false,
      salaryFrom: 1200,
      salaryTo: 1600,
      salaryPeriod: { code: 'MONTH', label: 'per month' },
      shiftWork: false,
      teasers: [],
      viewsCount: 0,
    };
    fakeApi({ ...reference, 'GET /api/employer/vacancies/v-1': { body: draft }, 'GET /api/employer/vacancies/v-1/preview': { body: preview } });
    await renderRoutes('/en/employer/account/my-vacancies/v-1/preview?from=branding', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Cook' })).toBeInTheDocument();
    expect(screen.getByText('We cook with local food.')).toBeInTheDocument();
    expect(screen.queryByText('This vacancy is no longer open.')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover picture' })).toHaveStyle({ backgroundImage: 'url("/api/files/f-cover")' });

    await user.click(screen.getByText('Without branding'));
    expect(screen.queryByRole('img', { name: 'Cover picture' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to editing' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/v-1/edit?step=branding');
  });
});
