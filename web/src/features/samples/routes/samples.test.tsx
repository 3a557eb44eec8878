import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Samples, loader } from './samples';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notify: vi.fn(() => Promise.resolve()) }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [{ path: 'samples', element: <Samples /> }];

describe('the samples catalogue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every kind of shared component in its states, translated', async () => {
    fakeApi({});
    await loader();
    await renderRoutes('/en/samples', routes);

    for (const name of ['Buttons', 'Fields', 'The date field', 'Cards', 'Badges', 'Toasts', 'Dialogs']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    const fields = screen.getByRole('region', { name: 'Fields' });
    expect(within(fields).getByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription(/Wrong e-mail address/);
    expect(within(fields).getByText('(optional)')).toBeInTheDocument();
    const dates = screen.getByRole('region', { name: 'The date field' });
    expect(within(dates).getByRole('textbox', { name: /^Birth date/ })).toHaveValue('17/05/1990');
    const cards = screen.getByRole('region', { name: 'Cards' });
    expect(within(cards).getByText('Cook')).toBeInTheDocument();
    expect(within(cards).getByText('Vakants OÜ')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Badges' })).getByText('Overdue')).toBeInTheDocument();
  });

  it('shows toasts and a dialog from the app’s own helpers', async () => {
    fakeApi({});
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/samples', routes);

    await user.click(await screen.findByRole('button', { name: 'Show a success' }));
    expect(notify.notifySuccess).toHaveBeenCalledWith('Saved');
    await user.click(screen.getByRole('button', { name: 'Show an error' }));
    expect(notify.notifyError).toHaveBeenCalledWith('Something went wrong; try again');
    await user.click(screen.getByRole('button', { name: 'Show an info with a title and HTML' }));
    expect(notify.notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'info', title: 'Good to know', html: true }));
    await user.click(screen.getByRole('button', { name: 'Show a warning' }));
    expect(notify.notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', className: 'vk-toast-emphasis' }));

    await user.click(screen.getByRole('button', { name: 'Open a dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invoice 2026-000123' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete invoice' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Invoice number/ }), '2026-000123');
    expect(confirm).toBeEnabled();
  });

  it('is translated', async () => {
    fakeApi({});
    await loader();
    await renderRoutes('/et/samples', routes, 'et');
    expect(await screen.findByRole('heading', { name: 'Näidised', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kuupäevaväli' })).toBeInTheDocument();
  });
});
