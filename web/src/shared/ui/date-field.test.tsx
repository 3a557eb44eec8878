import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { applyLanguage } from '@/shared/i18n';

import { DateField } from './date-field';

function Harness({
  initial = null,
  onChange,
  excludeDate,
}: {
  initial?: string | null;
  onChange: (value: string | null) => void;
  excludeDate?: (date: Date) => boolean;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider>
      <DateField
        label="Start"
        value={value}
        min={new Date(2000, 0, 1)}
        max={new Date(2030, 11, 31)}
        excludeDate={excludeDate}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </MantineProvider>
  );
}

async function field(initial: string | null = null, excludeDate?: (date: Date) => boolean) {
  await applyLanguage('en');
  const onChange = vi.fn();
  render(<Harness initial={initial} onChange={onChange} excludeDate={excludeDate} />);
  return { input: screen.getByRole('textbox', { name: 'Start' }), onChange };
}

describe('DateField', () => {
  it('shows the value as dd/MM/yyyy and stores typed dates as ISO', async () => {
    const { input, onChange } = await field('2024-03-07');
    expect(input).toHaveValue('07/03/2024');
    fireEvent.change(input, { target: { value: '1/2/2025' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('2025-02-01');
    expect(input).toHaveValue('01/02/2025');
  });

  it('marks text that is not a date invalid and keeps the value', async () => {
    const { input, onChange } = await field('2024-03-07');
    fireEvent.change(input, { target: { value: '31/02/2024' } });
    fireEvent.blur(input);
    expect(screen.getByText('Invalid date')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves a date outside the range to the nearest allowed date', async () => {
    const { input, onChange } = await field();
    fireEvent.change(input, { target: { value: '15/06/1990' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('2000-01-01');
    fireEvent.change(input, { target: { value: '15/06/2099' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('2030-12-31');
  });

  it('clears the value on empty text', async () => {
    const { input, onChange } = await field('2024-03-07');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('opens a Monday-first picker of six weeks with Enter and closes it with Escape', async () => {
    const { input } = await field('2024-02-10');
    fireEvent.keyDown(input, { key: 'Enter' });
    const table = await screen.findByRole('table');
    const headers = table.querySelectorAll('thead th');
    // outside a route the language is the fallback, Estonian: esmaspäev (Monday) first
    expect([...headers].map((header) => header.textContent).join(',')).toBe('E,T,K,N,R,L,P');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(6);
    fireEvent.keyDown(input, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});

describe('DateField while typing', () => {
  it('takes a complete date inside the range at once and keeps the typed text', async () => {
    const { input, onChange } = await field();
    fireEvent.change(input, { target: { value: '5/6/2020' } });
    expect(onChange).toHaveBeenLastCalledWith('2020-06-05');
    expect(input).toHaveValue('5/6/2020');
    fireEvent.blur(input);
    expect(input).toHaveValue('05/06/2020');
  });

  it('has the calendar button, not the text field, say that it opens the calendar (aria-expanded is not allowed on a text field)', async () => {
    const { input } = await field('2024-03-07');
    const button = screen.getByRole('button', { name: 'Open calendar' });
    expect(input).not.toHaveAttribute('aria-expanded');
    expect(input).not.toHaveAttribute('aria-haspopup');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('dialog', { name: 'Calendar' })).toHaveAttribute('id', button.getAttribute('aria-controls'));
  });
});

describe('DateField with disabled dates and the calendar keyboard', () => {
  const weekend = (date: Date) => date.getDay() === 0 || date.getDay() === 6;

  it('moves a typed disabled date to the nearest enabled one and greys it in the calendar', async () => {
    const { input, onChange } = await field(null, weekend);
    // Saturday 28 November 2026: the nearest working day is Friday 27th
    fireEvent.change(input, { target: { value: '28/11/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('2026-11-27');
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(dialog.querySelector('[data-iso="2026-11-28"]')).toHaveAttribute('data-disabled', 'true');
    expect(dialog.querySelector('[data-iso="2026-11-27"]')).not.toHaveAttribute('data-disabled');
  });

  it('moves by a month with Shift+right and by a year with Shift+down', async () => {
    const { input } = await field('2024-02-10');
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    const day = dialog.querySelector<HTMLElement>('[data-iso="2024-02-10"]')!;
    day.focus();
    fireEvent.keyDown(day, { key: 'ArrowRight', shiftKey: true });
    await vi.waitFor(() => expect(document.activeElement).toHaveAttribute('data-iso', '2024-03-10'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', shiftKey: true });
    await vi.waitFor(() => expect(document.activeElement).toHaveAttribute('data-iso', '2025-03-10'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp', shiftKey: true });
    await vi.waitFor(() => expect(document.activeElement).toHaveAttribute('data-iso', '2024-03-10'));
    expect(input).toHaveValue('10/02/2024');
  });
});
