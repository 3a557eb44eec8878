import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { localizedTheme } from './theme';

describe('the localized theme', () => {
  it('makes every loader a progress bar named in the language, unless a screen names its own', () => {
    render(
      <MantineProvider theme={localizedTheme('Sulge', 'Laadimine…')} env="test">
        <Loader size="xs" />
        <Loader aria-label="Loading the refunds" />
      </MantineProvider>,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual(['Laadimine…', 'Loading the refunds']);
  });
});
