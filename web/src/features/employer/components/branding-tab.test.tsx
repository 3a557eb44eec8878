import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as MyCompany, loader } from '../routes/my-company';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const COMPANY = { countryCode: 'EE', registryCode: '10000001', businessName: 'Puit OÜ' };
const picture = (fileId: string) => ({ fileId, url: `/api/files/${fileId}` });
const BRANDING = { logo: null, cover: picture('cover-1'), gallery: [picture('g-1'), picture('g-2')], videoUrl: null };

function api(saved: unknown[] = []) {
  return fakeApi({
    'GET /api/open/me': { body: { username: 'jaan@example.ee', roles: ['USER', 'EMPLOYER'], originalUser: null, profile: {}, company: COMPANY } },
    'GET /api/employer/my-companies': { body: [COMPANY] },
    'GET /api/employer/company': { body: { ...COMPANY, hasContract: false, isSupervisor: false, profile: { categoryCodes: [], descriptions: [] } } },
    'GET /api/employer/companies/company-branding': { body: BRANDING },
    'POST /api/employer/companies/company-branding/pictures': { status: 201, body: picture('logo-9') },
    'POST /api/employer/companies/company-branding': (request) => {
      saved.push(request);
      return { body: { ...BRANDING, logo: picture('logo-9'), gallery: [picture('g-2'), picture('g-1')], videoUrl: 'https://youtu.be/abc' } };
    },
  });
}

async function open() {
  await renderRoutes('/en/employer/account/my-company?tab=branding', [{ path: 'employer/account/my-company', loader, Component: MyCompany }]);
  return screen.findByRole('textbox', { name: 'Video link (optional)' });
}

function fileInputOf(label: string): HTMLInputElement {
  const wrapper = screen.getByText(label, { selector: 'label' }).closest('.mantine-InputWrapper-root');
  const input = wrapper?.querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no file input for ${label}`);
  return input;
}

describe('the branding tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a logo, orders the gallery, checks the video link and saves, with the public header previewed', async () => {
    const saved: Request[] = [];
    const calls = api(saved);
    const video = await open();
    const user = userEvent.setup();
    const preview = screen.getByRole('region', { name: 'Preview of the public page' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Puit OÜ' })).toBeInTheDocument();
    expect(within(preview).getAllByRole('img', { name: /Gallery/ }).map((img) => img.getAttribute('src'))).toEqual(['/api/files/g-1', '/api/files/g-2']);

    await user.upload(fileInputOf('Logo'), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/api/files/logo-9');
    expect(calls.find((call) => call.method === 'POST' && call.url.includes('/pictures'))?.url).toContain('kind=logo');

    await user.click(screen.getByRole('button', { name: 'Move picture 2 earlier' }));
    expect(within(preview).getAllByRole('img', { name: /Gallery/ }).map((img) => img.getAttribute('src'))).toEqual(['/api/files/g-2', '/api/files/g-1']);

    await user.type(video, 'https://evil.example/watch');
    await user.click(screen.getByRole('button', { name: 'Save the branding' }));
    expect(await screen.findByText('Enter the address of a YouTube or Vimeo video, starting with http:// or https://')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.clear(video);
    await user.type(video, ' https://youtu.be/abc ');
    await user.click(screen.getByRole('button', { name: 'Save the branding' }));
    await vi.waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('The branding is saved'));
    expect(await saved[0].json()).toEqual({ logoFileId: 'logo-9', coverFileId: 'cover-1', galleryFileIds: ['g-2', 'g-1'], videoUrl: 'https://youtu.be/abc' });
    expect(within(preview).getByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', 'https://youtu.be/abc');
  });

  it('refuses a file that is not a PNG or JPG before the server', async () => {
    const calls = api();
    await open();
    fireEvent.change(fileInputOf('Cover picture'), { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Choose a PNG or JPG picture.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/pictures'))).toBe(false);
  });

  it('shows the server message on the field it names', async () => {
    fakeApi({
      'GET /api/open/me': { body: { username: 'jaan@example.ee', roles: ['USER', 'EMPLOYER'], originalUser: null, profile: {}, company: COMPANY } },
      'GET /api/employer/my-companies': { body: [COMPANY] },
      'GET /api/employer/company': { body: { ...COMPANY, hasContract: false, isSupervisor: true, profile: { categoryCodes: [], descriptions: [] } } },
      'GET /api/employer/companies/company-branding': { body: BRANDING },
      'POST /api/employer/companies/company-branding': { status: 400, body: { message: 'The picture was not found: upload it again', code: 'validation', field: 'galleryFileIds[1]' } },
    });
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save the branding' }));
    expect(await screen.findByText('The picture was not found: upload it again')).toBeInTheDocument();
  });
});
