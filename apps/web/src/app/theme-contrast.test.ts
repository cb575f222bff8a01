import { decomposeColor, getContrastRatio, hexToRgb } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';
import { intentText, readableShade, selectedToggleText, TEXT_CONTRAST } from './theme-contrast';

/** The hue of an rgb() colour, in degrees. */
function hueOf(color: string): number {
  const [r = 0, g = 0, b = 0] = decomposeColor(color.startsWith('#') ? hexToRgb(color) : color).values;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  if (max === r) return (60 * ((g - b) / (max - min)) + 360) % 360;
  if (max === g) return 60 * ((b - r) / (max - min)) + 120;
  return 60 * ((r - g) / (max - min)) + 240;
}

describe('readableShade', () => {
  it("darkens the brand's amber until it reads on white and on the light background, keeping its hue", () => {
    const shade = readableShade('#FFB419', ['#ffffff', '#f0f2f5'], 'light');
    expect(getContrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(getContrastRatio(shade, '#f0f2f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(Math.abs(hueOf(shade) - hueOf('#FFB419'))).toBeLessThan(2);
  });

  it('keeps a colour that already reads', () => {
    expect(readableShade('#FFB419', ['#121212'], 'dark')).toBe('rgb(255, 180, 25)');
  });
});

describe('the theme', () => {
  it.each(['light', 'dark'] as const)(
    'draws intent text and text on intent fills at 4.5:1 (%s mode)',
    (mode) => {
      const theme = createAppTheme(mode);
      for (const intent of ['primary', 'error', 'warning', 'info', 'success'] as const) {
        const fill = theme.palette[intent];
        expect(getContrastRatio(fill.contrastText, fill.main)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(
          getContrastRatio(intentText(theme, intent), theme.palette.background.paper),
        ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      expect(theme.palette.primary.main).toBe('#FFB419');
    },
  );

  it.each(['light', 'dark'] as const)(
    "draws a selected toggle's intent text at 4.5:1 on its tint, hovered or not (%s mode)",
    (mode) => {
      const theme = createAppTheme(mode);
      const { selectedOpacity, hoverOpacity } = theme.palette.action;
      for (const intent of ['success', 'error'] as const) {
        const text = selectedToggleText(theme, intent);
        for (const opacity of [selectedOpacity, selectedOpacity + hoverOpacity]) {
          // The tint as the browser paints it on the page's paper.
          const paper = decomposeColor(hexToRgb(theme.palette.background.paper)).values;
          const main = decomposeColor(hexToRgb(theme.palette[intent].main)).values;
          const painted = `rgb(${paper.map((under, index) => Math.round(under + (main[index]! - under) * opacity)).join(', ')})`;
          expect(getContrastRatio(text, painted)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
      }
    },
  );
});
