/**
 * The one design system (decision 053): colours, type, spacing, corners and touch sizes, light and dark. The
 * back-office's MUI theme (app/theme.ts) and the phone apps' CSS custom properties (tokensCss below, inlined into
 * their HTML at build) are both generated from here, so a brand change is one edit.
 *
 * Every text colour is chosen to reach WCAG AA (4.5:1) on the surfaces it sits on in its mode; the brand's amber
 * is a fill (2:1 on white), never text in light mode, where `primaryText` is its dark shade.
 */

export type ColourMode = 'light' | 'dark';

export interface Palette {
  /** The brand's fill: buttons, the switch, the top bar's accent. */
  primary: string;
  /** Text and icons on `primary`. */
  onPrimary: string;
  /** The brand's hue as text on `background` and `surface`. */
  primaryText: string;
  /** The office's secondary colour (black). */
  secondary: string;
  background: string;
  /** Cards, dialogs, the top bar. */
  surface: string;
  /** A surface raised above `surface` (a menu, a dialog in dark mode). */
  raised: string;
  text: string;
  /** Secondary text (a hint, a time): still 4.5:1 on background and surface. */
  mutedText: string;
  /** Borders of inputs and outlined buttons: 3:1 against their surface (WCAG 1.4.11). */
  border: string;
  /** Hairlines between list rows, decorative. */
  divider: string;
  focus: string;
  error: string;
  errorSurface: string;
  warning: string;
  warningSurface: string;
  info: string;
  infoSurface: string;
  success: string;
  successSurface: string;
}

const light: Palette = {
  primary: '#FFB419',
  onPrimary: '#000000',
  primaryText: '#7A4E00',
  secondary: '#000000',
  background: '#f0f2f5',
  surface: '#ffffff',
  raised: '#ffffff',
  text: '#1c1c1c',
  mutedText: '#545454',
  border: '#767676',
  divider: '#dcdfe4',
  focus: '#1c1c1c',
  error: '#b3261e',
  errorSurface: '#fdeceb',
  warning: '#6d4300',
  warningSurface: '#fff3d6',
  info: '#01507e',
  infoSurface: '#e3f2fb',
  success: '#1b5e20',
  successSurface: '#e7f4e8',
};

const dark: Palette = {
  primary: '#FFB419',
  onPrimary: '#000000',
  primaryText: '#FFB419',
  secondary: '#000000',
  background: '#020202',
  surface: '#121212',
  raised: '#242424',
  text: '#f5f5f5',
  mutedText: '#b8b8b8',
  border: '#8f8f8f',
  divider: '#333333',
  focus: '#f5f5f5',
  error: '#ffb4ab',
  errorSurface: '#3a1411',
  warning: '#ffd27a',
  warningSurface: '#332507',
  info: '#9fd3f7',
  infoSurface: '#0b2433',
  success: '#a6d9a8',
  successSurface: '#112613',
};

export const tokens = {
  palette: { light, dark } satisfies Record<ColourMode, Palette>,
  /** System fonts: nothing to download, and the content security policy allows no font host. */
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  /** In rem, so 200 % text in the browser's settings scales everything. */
  fontSize: { small: 0.875, body: 1, title: 1.25, heading: 1.5 },
  lineHeight: 1.5,
  fontWeight: { regular: 400, medium: 500, bold: 600 },
  /** The spacing step in px: gaps are multiples of it. */
  spacing: 8,
  radius: 6,
  /** The smallest thing a finger must hit (WCAG 2.5.5 asks 44 px; we give 48). */
  touchTarget: 48,
  /** The widest a phone screen's column grows on a tablet or desktop. */
  columnWidth: 720,
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function paletteProperties(palette: Palette): string {
  return Object.entries(palette)
    .map(([name, value]) => `--sr-${kebab(name)}:${value};`)
    .join('');
}

/**
 * The tokens as CSS custom properties (`--sr-primary`, `--sr-space`, …) for the phone apps: light by default,
 * dark when the system asks for it. Inlined into the phone apps' HTML at build time (critical CSS).
 */
export function tokensCss(): string {
  const { fontSize } = tokens;
  const shared =
    `--sr-font:${tokens.fontFamily};--sr-line:${tokens.lineHeight};` +
    `--sr-text-small:${fontSize.small}rem;--sr-text-body:${fontSize.body}rem;` +
    `--sr-text-title:${fontSize.title}rem;--sr-text-heading:${fontSize.heading}rem;` +
    `--sr-weight-medium:${tokens.fontWeight.medium};--sr-weight-bold:${tokens.fontWeight.bold};` +
    `--sr-space:${tokens.spacing}px;--sr-radius:${tokens.radius}px;--sr-touch:${tokens.touchTarget}px;` +
    `--sr-column:${tokens.columnWidth}px;`;
  return (
    `:root{color-scheme:light dark;${shared}${paletteProperties(light)}}` +
    `@media (prefers-color-scheme:dark){:root{${paletteProperties(dark)}}}`
  );
}
