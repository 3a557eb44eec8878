import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';

/**
 * Desktop starts at 1024 px (md) and tablet at 768 px (sm), as the spec's breakpoints. Text meets
 * WCAG AA contrast (4.5:1): buttons use blue 8 under white text, and dimmed text is gray 7.
 */
const base = {
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700' },
} satisfies MantineThemeOverride;

export const theme = createTheme(base);

/**
 * The theme with the close buttons of every dialog, drawer and toast named in the interface's
 * language: Mantine draws them as an icon only, which leaves a button without a name (WCAG 4.1.2).
 */
export function localizedTheme(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    ...base,
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  });
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
