import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePersistentThemeMode } from './theme-mode';

describe('usePersistentThemeMode', () => {
  it('starts in light mode when nothing is stored', () => {
    const { result } = renderHook(() => usePersistentThemeMode());
    expect(result.current.mode).toBe('light');
  });

  it('remembers the chosen mode under the "mode" key for the next visit', () => {
    const first = renderHook(() => usePersistentThemeMode());
    act(() => first.result.current.toggleMode());

    expect(first.result.current.mode).toBe('dark');
    expect(localStorage.getItem('mode')).toBe('dark');

    first.unmount();
    const nextVisit = renderHook(() => usePersistentThemeMode());
    expect(nextVisit.result.current.mode).toBe('dark');

    act(() => nextVisit.result.current.toggleMode());
    expect(localStorage.getItem('mode')).toBe('light');
  });

  it('falls back to light mode when the stored value is not a mode', () => {
    localStorage.setItem('mode', 'purple');
    const { result } = renderHook(() => usePersistentThemeMode());
    expect(result.current.mode).toBe('light');
  });

  it('follows a mode chosen in another tab, which the browser announces with a storage event', () => {
    const { result } = renderHook(() => usePersistentThemeMode());
    act(() => {
      localStorage.setItem('mode', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'mode', newValue: 'dark' }));
    });
    expect(result.current.mode).toBe('dark');

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: '__token__', newValue: 'x' }));
    });
    expect(result.current.mode).toBe('dark');
  });
});
