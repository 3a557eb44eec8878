import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { applyLanguage } from '@/shared/i18n';

import { TextField } from './text-field';

describe('TextField', () => {
  it('is required with at most 100 characters by default', async () => {
    await applyLanguage('en');
    render(
      <MantineProvider>
        <TextField label="Title" value="" onChange={() => {}} />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: /Title/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('maxlength', '100');
  });

  it('says optional, counts and carries the error as the validity message', async () => {
    await applyLanguage('en');
    render(
      <MantineProvider>
        <TextField label="Website" required={false} withCounter maxLength={50} value="vakants.ee" onChange={() => {}} error="Not a website" />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: /Website/ });
    expect(screen.getByText('(optional)')).toBeInTheDocument();
    expect(screen.getByText('10 / 50')).toBeInTheDocument();
    expect(input).not.toBeRequired();
    expect((input as HTMLInputElement).validationMessage).toBe('Not a website');
  });
});
