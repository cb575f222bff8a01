import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, REDUCED_MOTION } from './providers';
import { createAppTheme } from './theme';

/** A system whose media queries answer `reducedMotion` for "reduce motion" (jsdom has no matchMedia of its own). */
function systemPrefers(reducedMotion: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === REDUCED_MOTION && reducedMotion,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** Shows how long the app's theme lets a dialog take to appear, and whether buttons ripple. */
function Motion() {
  const theme = useTheme();
  return (
    <p>
      entering {theme.transitions.duration.enteringScreen} ms, ripple{' '}
      {theme.components?.MuiButtonBase?.defaultProps?.disableRipple ? 'off' : 'on'}
    </p>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the theme and reduced motion', () => {
  it('moves nothing when the user prefers reduced motion: no transition time, no ripple', () => {
    const still = createAppTheme('light', { reducedMotion: true });
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);

    const moving = createAppTheme('light');
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase).toBeUndefined();
  });

  it('shows keyboard focus with a still outline where the ripple used to show it', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme(mode, { reducedMotion: true });
      const root = theme.components?.MuiButtonBase?.styleOverrides?.root as (props: {
        theme: typeof theme;
      }) => Record<string, { outline: string }>;
      expect(root({ theme })['&.Mui-focusVisible']!.outline).toBe(`2px solid ${theme.palette.text.primary}`);
    }
  });

  it("follows the system's setting in the app", () => {
    systemPrefers(true);
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByText('entering 0 ms, ripple off')).toBeInTheDocument();
  });

  it('keeps its motion for everyone else', () => {
    systemPrefers(false);
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByText('entering 225 ms, ripple on')).toBeInTheDocument();
  });
});
