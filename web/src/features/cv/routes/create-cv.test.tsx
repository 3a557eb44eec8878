import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { Cv } from '../api/types';
import { Component as CreateCv, loader } from './create-cv';

const me = {
  username: 'mari@example.ee',
  roles: ['USER', 'APPLICANT'],
  originalUser: null,
  company: null,
  profile: { firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+37251234567', gender: 'FEMALE', dateOfBirth: '1990-05-17' },
};

const savedCv: Cv = {
  cvId: 'cv-1',
  status: 'ACTIVE',
  visibility: 'VISIBLE',
  title: 'Pastry chef',
  firstname: 'Mari',
  lastname: 'Maasikas',
  email: 'mari@example.ee',
  phoneNumber: '+37251234567',
  dateOfBirth: '1990-05-17',
  gender: 'FEMALE',
  cityCode: null,
  employmentType: 'FULL_TIME',
  workLocation: null,
  workLocationCode: '0784',
  aboutMe: null,
  categories: ['IT'],
  educations: [],
  employmentHistories: [{ company: 'Kohvik', occupation: 'Cook', startDate: '2020-01-01', endDate: '2021-01-01', present: false, description: null }],
  languageSkills: [],
  skills: [],
  driverLicences: [],
  certificates: [],
  courses: [],
  references: [],
  portfolio: [],
  pdf: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

const routes = [
  { path: 'account/create-cv', element: <CreateCv /> },
  { path: 'account/my-cv', element: <p>my CVs page</p> },
];

const reference = {
  'GET /api/open/genders': { body: [{ gender: 'FEMALE', label: 'Female' }] },
  'GET /api/open/addresses/EE/cities': { body: [{ code: '0784', address: 'Tallinn', countryCode: 'EE' }] },
};

// the autosizing text areas listen for font loads, which jsdom does not offer
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

describe('the CV wizard', () => {
  beforeEach(async () => {
    localStorage.clear();
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stops on the first step while a required field is empty', async () => {
    fakeApi({ 'GET /api/open/me': { body: me }, ...reference });
    await renderRoutes('/en/account/create-cv', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Mari');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title of the CV/ }), 'Cook');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Education' })).toBeInTheDocument();
  });

  it('puts a server error on the field of its step', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/cv/cv-1': { body: savedCv },
      'POST /api/applicant/cv': {
        status: 400,
        body: { message: 'The date cannot be in the future', code: 'validation', field: 'employmentHistories[0].endDate' },
      },
      ...reference,
    });
    await renderRoutes('/en/account/create-cv?cvId=cv-1', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('textbox', { name: /Title of the CV/ })).toHaveValue('Pastry chef');
    await user.click(screen.getByRole('button', { name: 'Save the CV' }));

    expect(await screen.findByRole('heading', { name: 'Experience' })).toBeInTheDocument();
    expect(screen.getByText('The date cannot be in the future')).toBeInTheDocument();
    const sent = await calls.find((call) => call.method === 'POST')!.json();
    expect(sent).toMatchObject({ cvId: 'cv-1', draft: false, title: 'Pastry chef', employmentHistories: [{ company: 'Kohvik', endDate: '2021-01-01' }] });
  });

  it('shows a server error on the field the form holds under another name, until that field changes', async () => {
    fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/cv/cv-1': { body: savedCv },
      'POST /api/applicant/cv': { status: 400, body: { message: 'This phone number is not in use', code: 'validation', field: 'phoneNumber' } },
      ...reference,
    });
    await renderRoutes('/en/account/create-cv?cvId=cv-1', routes);
    const user = userEvent.setup();

    await screen.findByRole('textbox', { name: /Title of the CV/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Education' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the CV' }));

    expect(await screen.findByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: /Phone/ });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This phone number is not in use')).toBeInTheDocument();
    expect(screen.queryByText('Problems saving CV')).not.toBeInTheDocument();
    await user.type(phone, '8');
    expect(screen.queryByText('This phone number is not in use')).not.toBeInTheDocument();
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the errors of a row with the row when an earlier one is removed', async () => {
    const educations = [
      { educationLevel: null, institution: null, speciality: null, graduationYear: null, stillStudying: false },
      { educationLevel: null, institution: null, speciality: 'Cooking', graduationYear: null, stillStudying: false },
    ];
    fakeApi({ 'GET /api/open/me': { body: me }, 'GET /api/user/cv/cv-1': { body: { ...savedCv, educations } }, ...reference });
    await renderRoutes('/en/account/create-cv?cvId=cv-1', routes);
    const user = userEvent.setup();

    await screen.findByRole('textbox', { name: /Title of the CV/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Education' })).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove education 1' }));
    expect(screen.queryByRole('button', { name: 'Remove education 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Speciality/ })).toHaveValue('Cooking');
    expect(screen.getAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: /School or institution/ }), 'T');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove education 1' }));
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(screen.queryByText('Check the marked fields.')).not.toBeInTheDocument();
  });

  it('says "Problems saving CV" for a failure without a field, and keeps the draft', async () => {
    fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/cv/cv-1': { body: savedCv },
      'POST /api/applicant/cv': { status: 500, body: { message: 'internal', code: 'internal' } },
      ...reference,
    });
    await renderRoutes('/en/account/create-cv?cvId=cv-1', routes);
    const user = userEvent.setup();

    const title = await screen.findByRole('textbox', { name: /Title of the CV/ });
    await user.clear(title);
    await user.type(title, 'Baker');
    await user.click(screen.getByRole('button', { name: 'Save the CV' }));
    expect(await screen.findByText('Problems saving CV')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cvDraft:mari@example.ee:cv-1') ?? '{}').form.title).toBe('Baker');
  });

  it('restores the draft of this user and CV, clears it after a save, and can discard it', async () => {
    fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/cv/cv-1': { body: savedCv },
      'POST /api/applicant/cv': { body: savedCv },
      ...reference,
    });
    const first = await renderRoutes('/en/account/create-cv?cvId=cv-1', routes);
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Title of the CV/ });
    await user.clear(title);
    await user.type(title, 'Baker');
    first.unmount();

    const second = await renderRoutes('/en/account/create-cv?cvId=cv-1', routes);
    expect(await screen.findByText(/Your unsaved changes from .* are restored/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title of the CV/ })).toHaveValue('Baker');
    await user.click(screen.getAllByRole('button', { name: 'Discard the draft' })[0]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard the draft' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Title of the CV/ })).toHaveValue('Pastry chef'));
    expect(localStorage.getItem('cvDraft:mari@example.ee:cv-1')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /Title of the CV/ }), '!');
    expect(localStorage.getItem('cvDraft:mari@example.ee:cv-1')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save the CV' }));
    expect(await screen.findByText('my CVs page')).toBeInTheDocument();
    expect(localStorage.getItem('cvDraft:mari@example.ee:cv-1')).toBeNull();
    second.unmount();
  });
});
