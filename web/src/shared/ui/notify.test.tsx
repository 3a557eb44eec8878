import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ERROR_TOAST_MS, TOAST_MS, notify } from './notify';

function Host() {
  return (
    <MantineProvider>
      <Notifications />
    </MantineProvider>
  );
}

afterEach(() => act(() => notifications.clean()));

describe('notify', () => {
  it('shows each spec type with its title, type class and background class', async () => {
    render(<Host />);
    for (const type of ['default', 'info', 'warning', 'success', 'danger'] as const) {
      await act(() => notify({ type, title: `T-${type}`, message: `M-${type}`, className: `bg-${type}` }));
    }
    for (const type of ['default', 'info', 'warning', 'success', 'danger'] as const) {
      const title = await screen.findByText(`T-${type}`);
      const root = title.closest('.vk-toast');
      expect(root).not.toBeNull();
      expect(root?.className).toContain(`vk-toast-${type}`);
      expect(root?.className).toContain(`bg-${type}`);
      expect(screen.getByText(`M-${type}`)).toBeTruthy();
    }
  });

  it('sanitizes an HTML message and shows its markup', async () => {
    render(<Host />);
    await act(() =>
      notify({ type: 'info', html: true, message: '<b>Bold</b><img src=x onerror="window.__owned=1"><script>window.__owned=1</script>' }),
    );
    const bold = await screen.findByText('Bold');
    expect(bold.tagName).toBe('B');
    const root = bold.closest('.vk-toast') as HTMLElement;
    expect(root.innerHTML).not.toContain('onerror');
    expect(root.innerHTML).not.toContain('<script');
  });

  it('keeps an HTML-looking text message as text without the flag', async () => {
    render(<Host />);
    await act(() => notify({ message: '<b>plain</b>' }));
    expect(await screen.findByText('<b>plain</b>')).toBeTruthy();
  });

  it('uses the spec timeouts', () => {
    expect(TOAST_MS).toBe(5000);
    expect(ERROR_TOAST_MS).toBe(10000);
  });
});
