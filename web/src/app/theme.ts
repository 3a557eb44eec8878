import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';

/**
 * Desktop starts at 1024 px (md) and tablet at 768 px (sm), as the spec's breakpoints. Text meets
 * WCAG AA contrast (4.5:1): buttons use blue 8 under white text, dimmed text is gray 7, and a
 * filled badge or button of a light colour (green, orange, yellow…) gets dark text (`autoContrast`).
 */
const base = {
  primaryColor: 'blue',
  autoContrast: true,
  // red 8 keeps white text (4.5:1); cyan 8 and anything lighter take dark text
  luminanceThreshold: 0.185,
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700' },
  components: {
    // Mantine puts a focusable `role="presentation"` placeholder first in a menu's dropdown, which
    // leaves the menu a child that is not a menu item (axe: aria-required-children, WCAG 1.3.1)
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
} satisfies MantineThemeOverride;

export const theme = createTheme(base);

/**
 * The theme with the close buttons of every dialog, drawer and toast named in the interface's
 * language: Mantine draws them as an icon only, which leaves a button without a name (WCAG 4.1.2).
 * Every loader is a progress bar named "Loading" in that language (a screen may name its own): a
 * bare span is no name for a screen reader, and a span with a name but no role breaks axe's
 * aria-prohibited-attr.
 */
export function localizedTheme(closeLabel: string, loadingLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    ...base,
    components: {
      ...base.components,
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      Loader: { defaultProps: { role: 'progressbar', 'aria-label': loadingLabel } },
    },
  });
}

/**
 * Mantine's light variant (badges, alerts: shade 9 on shade 1) and coloured text (`c="green"`:
 * shade 8 on white) fall under 4.5:1 for its lighter colours; these shades, darkened from shade 9
 * until they reach 4.6:1, replace them.
 */
const READABLE: Record<string, { light: string; text?: string }> = {
  // blue 8 on the hovered light background is 4.47:1
  blue: { light: 'var(--mantine-color-blue-9)' },
  red: { light: '#c52929', text: '#c92a2a' },
  cyan: { light: '#0b7285', text: '#0b7285' },
  teal: { light: '#087a57', text: '#087f5b' },
  green: { light: '#267937', text: '#29843c' },
  lime: { light: '#4b790b', text: '#51820b' },
  yellow: { light: '#a65600', text: '#b35d00' },
  orange: { light: '#bb3e0d', text: '#d0450e' },
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // a field's error and its red border-and-text (red 6 is 3.3:1 on white)
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // the hovered light blue (an active sidebar item under the pointer) was blue 2, where blue 9 text
    // is 4.01:1; this one, between blue 1 (the light background) and blue 2, gives 4.6:1
    '--mantine-color-blue-light-hover': '#c3e4ff',
    ...Object.fromEntries(
      Object.entries(READABLE).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light-color`, shades.light],
        ...(shades.text ? [[`--mantine-color-${name}-text`, shades.text]] : []),
      ]),
    ),
  },
  dark: {},
});
