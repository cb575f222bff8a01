import {
  darken,
  decomposeColor,
  getContrastRatio,
  lighten,
  type Components,
  type Palette,
  type Theme,
} from '@mui/material/styles';

/** WCAG 2.x AA for text of normal size (1.4.3). */
export const TEXT_CONTRAST = 4.5;

type Intent = 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';
const INTENTS: readonly string[] = ['primary', 'secondary', 'error', 'warning', 'info', 'success'];
const isIntent = (color: unknown): color is Intent => typeof color === 'string' && INTENTS.includes(color);

/**
 * `color` itself when it reads as text on every one of `backgrounds`, otherwise the nearest shade of its hue that
 * does: darker on light backgrounds, lighter on dark ones. The brand's amber (#FFB419) is 1.8:1 on
 * white, so text in it (a text button, a link, a focused label) is drawn in a deep amber instead; fills in it
 * (contained buttons, the switch, the current page of a pager) keep the brand's colour.
 */
export function readableShade(color: string, backgrounds: readonly string[], mode: Palette['mode']): string {
  const shift = mode === 'light' ? darken : lighten;
  const readable = (shade: string) =>
    backgrounds.every((background) => getContrastRatio(shade, background) >= TEXT_CONTRAST);
  for (let amount = 0; amount < 1; amount += 0.05) {
    const shade = shift(color, amount);
    if (readable(shade)) return shade;
  }
  return mode === 'light' ? '#000000' : '#ffffff';
}

/** Where text of an intent colour sits: the page, a card or dialog, and in dark mode a raised dialog's grey. */
function surfaces(palette: Palette): string[] {
  return palette.mode === 'light'
    ? [palette.background.default, palette.background.paper]
    : [palette.background.default, palette.background.paper, '#383838'];
}

/** The intent colour of `theme` as text on its surfaces. */
export function intentText(theme: Theme, intent: Intent): string {
  return readableShade(theme.palette[intent].main, surfaces(theme.palette), theme.palette.mode);
}

/** `overlay` at `opacity` over `background`, as the browser paints a tint. */
function tint(background: string, overlay: string, opacity: number): string {
  const [br = 0, bg = 0, bb = 0] = decomposeColor(background).values;
  const [or = 0, og = 0, ob = 0] = decomposeColor(overlay).values;
  const mix = (under: number, over: number) => Math.round(under + (over - under) * opacity);
  return `rgb(${mix(br, or)}, ${mix(bg, og)}, ${mix(bb, ob)})`;
}

/**
 * The intent colour as the text of a selected toggle (the driver app's OK / Defect): MUI tints the toggle with that
 * colour, more under the pointer, and the colour itself falls under 4.5:1 on its own tint (error red: 4.4:1 light,
 * 4.3:1 dark).
 */
export function selectedToggleText(theme: Theme, intent: Intent): string {
  const { main } = theme.palette[intent];
  const { selectedOpacity, hoverOpacity } = theme.palette.action;
  const tints = surfaces(theme.palette).flatMap((surface) => [
    tint(surface, main, selectedOpacity),
    tint(surface, main, selectedOpacity + hoverOpacity),
  ]);
  return readableShade(main, tints, theme.palette.mode);
}

/** The solid colours of notistack's toasts, which draw their own: the theme's, with text that reads on them. */
const TOASTS = ['success', 'error', 'warning', 'info'] as const;

/**
 * Component styles that keep text at 4.5:1 (WCAG 1.4.3) in both modes, wherever MUI would draw text in an intent
 * colour straight on the page or a card.
 */
export function contrastComponents(): Components<Theme> {
  return {
    MuiButton: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          ownerState.variant !== 'contained' && isIntent(ownerState.color ?? 'primary')
            ? { color: intentText(theme, (ownerState.color ?? 'primary') as Intent) }
            : {},
      },
    },
    MuiChip: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          ownerState.variant === 'outlined' && isIntent(ownerState.color)
            ? { color: intentText(theme, ownerState.color) }
            : {},
      },
    },
    MuiLink: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          isIntent(ownerState.color ?? 'primary')
            ? { color: intentText(theme, (ownerState.color ?? 'primary') as Intent) }
            : {},
      },
    },
    MuiTypography: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          isIntent(ownerState.color) ? { color: intentText(theme, ownerState.color) } : {},
      },
    },
    // An unselected toggle's label is drawn in `action.active` (4.6:1 on white), which falls under 4.5:1 on the
    // hover's grey: the secondary text colour reads on both (the driver app's OK / Defect choice).
    MuiToggleButton: {
      styleOverrides: {
        root: ({ ownerState, theme }) => ({
          color: theme.palette.text.secondary,
          ...(isIntent(ownerState.color) && {
            '&.Mui-selected': { color: selectedToggleText(theme, ownerState.color) },
          }),
        }),
      },
    },
    // The selected tab's label is drawn in the primary colour, the brand's amber (1.6:1 on the page).
    MuiTab: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          (ownerState.textColor ?? 'primary') === 'primary'
            ? { '&.Mui-selected': { color: intentText(theme, 'primary') } }
            : {},
      },
    },
    MuiFormLabel: {
      styleOverrides: {
        root: ({ ownerState, theme }) => ({
          '&.Mui-focused:not(.Mui-error)': {
            color: intentText(theme, isIntent(ownerState.color) ? ownerState.color : 'primary'),
          },
        }),
      },
    },
    MuiCssBaseline: { styleOverrides: toastColours },
  };
}

/** The page-wide styles of the toasts' colours (CssBaseline's). */
export function toastColours(theme: Theme) {
  return Object.fromEntries(
    TOASTS.map((severity) => [
      `.notistack-MuiContent.notistack-MuiContent-${severity}`,
      {
        backgroundColor: theme.palette[severity].main,
        color: theme.palette[severity].contrastText,
      },
    ]),
  );
}
