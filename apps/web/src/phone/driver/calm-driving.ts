import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/device/storage';
import { distanceM, type Fix } from './tracking';

/**
 * The calm driving view (issue 34, decision 058): while the bus moves faster than a person walks, the trip page
 * shows only what a driver may glance at. Two thresholds, so that a bus creeping in traffic near walking speed does
 * not flip the screen back and forth: it turns calm above CALM_ABOVE_MPS and full again only below FULL_BELOW_MPS.
 */
export const CALM_ABOVE_MPS = 2.5;
export const FULL_BELOW_MPS = 1;
/**
 * A phone standing still often sends no new position at all: with no fix for this long the bus counts as stopped,
 * so a driver who has pulled up gets the full view without moving.
 */
export const STALE_FIX_MS = 15_000;

/**
 * The bus's speed from a fix, in m/s: the phone's own reading when it gives one, else the distance from the fix
 * before over the time between them; undefined when neither can be told.
 */
export function measuredSpeed(previous: Fix | null, next: Fix): number | undefined {
  if (next.speed !== undefined) return next.speed;
  if (!previous || next.at <= previous.at) return undefined;
  return distanceM(previous, next) / ((next.at - previous.at) / 1000);
}

/**
 * Whether the bus counts as moving after a speed reading, given whether it did before (the hysteresis). An unknown
 * speed changes nothing.
 */
export function isMoving(wasMoving: boolean, speedMps: number | undefined): boolean {
  if (speedMps === undefined || Number.isNaN(speedMps)) return wasMoving;
  return wasMoving ? speedMps >= FULL_BELOW_MPS : speedMps > CALM_ABOVE_MPS;
}

const CALM_SETTING_KEY = 'driver.calmView';
const settingListeners = new Set<(on: boolean) => void>();

/** The setting, kept on this phone: on unless the driver turned it off (the safer choice where the law asks it). */
export function readCalmSetting(): boolean {
  return readStorage(CALM_SETTING_KEY) !== 'off';
}

/** The "Calm view while driving" setting and its setter; every screen using it follows a change at once. */
export function useCalmSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readCalmSetting);
  useEffect(() => {
    settingListeners.add(setOn);
    return () => {
      settingListeners.delete(setOn);
    };
  }, []);
  const change = (next: boolean) => {
    writeStorage(CALM_SETTING_KEY, next ? 'on' : 'off');
    for (const listener of settingListeners) listener(next);
  };
  return [on, change];
}

/**
 * Whether the trip page shows the calm view now, from the fixes the trip's tracking takes (`onFix` is given to
 * useTripTracking). "Show full view" holds the full view until the bus next slows, so a driver who asked for it
 * once is not asked again at the next stop.
 */
export function useCalmDriving(enabled: boolean): {
  calm: boolean;
  onFix: (fix: Fix) => void;
  showFullView: () => void;
} {
  const [moving, setMoving] = useState(false);
  const [heldFull, setHeldFull] = useState(false);
  const movingNow = useRef(false);
  const previous = useRef<Fix | null>(null);
  const stale = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const onFix = useCallback((fix: Fix) => {
    const settle = (now: boolean) => {
      movingNow.current = now;
      setMoving(now);
      if (!now) setHeldFull(false);
    };
    settle(isMoving(movingNow.current, measuredSpeed(previous.current, fix)));
    previous.current = fix;
    clearTimeout(stale.current);
    stale.current = setTimeout(() => settle(false), STALE_FIX_MS);
  }, []);
  useEffect(() => () => clearTimeout(stale.current), []);

  return { calm: enabled && moving && !heldFull, onFix, showFullView: () => setHeldFull(true) };
}
