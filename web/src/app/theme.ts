import { createTheme } from '@mantine/core';

/** Desktop starts at 1024 px (md) and tablet at 768 px (sm), as the spec's breakpoints. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700' },
});
