import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { applyLanguage } from '@/shared/i18n';
import { fakeApi } from '@/test/render';

import { useOpenFile } from './open-file';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('./notify', () => notify);

function Links() {
  const openFile = useOpenFile();
  return (
    <>
      <a href="/api/user/files/f1" onClick={openFile}>
        CV.pdf
      </a>
      <a href="/api/user/invoices/i1/pdf" target="_blank" rel="noopener" onClick={openFile}>
        Invoice
      </a>
    </>
  );
}

describe('a link to a file of the API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notify.notifyError.mockClear();
  });

  it('says in the interface language that the file failed to open instead of showing the bare error', async () => {
    await applyLanguage('et');
    fakeApi({ 'GET /api/user/files/f1': { status: 500, body: { message: 'Unknown error' } } });
    render(<Links />);
    expect(fireEvent.click(screen.getByRole('link', { name: 'CV.pdf' }))).toBe(false);
    await waitFor(() => expect(notify.notifyError).toHaveBeenCalledWith('Faili avamine ebaõnnestus, proovi uuesti või võta ühendust klienditoega.'));
  });

  it('closes the tab it opened for a file that fails, and shows one that opens there', async () => {
    await applyLanguage('en');
    const tab = { opener: {}, close: vi.fn(), location: { href: '' } };
    vi.stubGlobal('open', vi.fn(() => tab));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    let status = 404;
    fakeApi({ 'GET /api/user/invoices/i1/pdf': () => ({ status, body: status === 200 ? 'pdf' : { message: 'Not found' } }) });
    render(<Links />);

    fireEvent.click(screen.getByRole('link', { name: 'Invoice' }));
    await waitFor(() => expect(notify.notifyError).toHaveBeenCalledWith('An attempt to open the file failed, please try again or contact support.'));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.opener).toBeNull();

    status = 200;
    fireEvent.click(screen.getByRole('link', { name: 'Invoice' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
    expect(notify.notifyError).toHaveBeenCalledTimes(1);
  });
});
