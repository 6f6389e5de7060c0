import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

const sage: MantineColorsTuple = [
  '#f1f6f2',
  '#e1ebe3',
  '#c0d6c5',
  '#9cbfa4',
  '#7eab88',
  '#6a9e76',
  '#5f986c',
  '#4e845b',
  '#3a6446',
  '#2f4a3a',
];

export const theme = createTheme({
  primaryColor: 'sage',
  colors: { sage },
  // Shade 8 keeps filled buttons above the WCAG contrast ratio.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, sans-serif',
  headings: { fontFamily: 'Lora, Georgia, serif', fontWeight: '600' },
  defaultRadius: 'md',
  components: {
    // A loader is a span; named, it needs a role that allows a name, and a loading indicator is a status.
    Loader: { defaultProps: { role: 'status' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      // Mantine greys a titled toast's message to gray-6, below the WCAG contrast ratio on white.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/** Dimmed text and error text one shade darker than Mantine's defaults, to meet WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
