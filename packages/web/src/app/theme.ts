import {
  Anchor,
  createTheme,
  darken,
  type CSSVariablesResolver,
  type PaginationProps,
} from '@mantine/core';

const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and badges carry white text: shade 8 is the first with 4.5:1 to it (blue 6 is
  // 3.5:1); autoContrast gives the light fills (yellow, lime...) dark text instead.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // Links inside text are told apart by more than colour (WCAG 1.4.1, axe link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine's arrow buttons are icons only: every pager of the console names them. A plain
    // object, not Pagination.extend, so the sign-in page does not load the pager (issue 18).
    Pagination: {
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] }),
        getItemProps: (page) => ({ 'aria-label': `Page ${page}` }),
      } satisfies Partial<PaginationProps>,
    },
  },
});

/**
 * Light-scheme text colours of every palette colour with at least 4.5:1 (WCAG AA) on white and on
 * the colour's own light background: Mantine's shade 9 is only 2.7:1 (yellow) to 3.8:1 (green)
 * on shade 1, the background of light badges and alerts; shade 9 darkened by 30 % is over 5:1.
 */
function readableLightText(t: Parameters<CSSVariablesResolver>[0]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const text = darken(shades[9], 0.3);
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}

/**
 * Scheme-aware colours. Mantine's dimmed text (gray 6 on white, dark 2 on dark) and its links
 * (blue 6 on white) are under the 4.5:1 contrast WCAG AA asks of text, so they are a shade
 * stronger; see readableLightText for the coloured texts. Our own
 * --pd-color-surface-muted is for places that take a colour as a prop (CSS modules use
 * light-dark() instead): a muted surface for section headers and page backgrounds.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...readableLightText(t),
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.blue[9],
    '--pd-color-surface-muted': t.colors.gray[0],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--pd-color-surface-muted': t.colors.dark[6],
  },
});
