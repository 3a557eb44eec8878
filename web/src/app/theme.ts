import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Desktop starts at 1024 px (md) and tablet at 768 px (sm), as the spec's breakpoints. Text meets
 * WCAG AA contrast (4.5:1): buttons use blue 8 under white text, and dimmed text is gray 7.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700' },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
