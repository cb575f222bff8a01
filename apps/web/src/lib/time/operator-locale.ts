import { DEFAULT_OPERATOR_LOCALE } from '@school-transport/shared';
import { usePublicSettings } from '../api/use-public-settings';

/**
 * The operator's locale (OPERATOR_LOCALE on the server, answered by /api/settings), which every date and time the
 * app shows is written in. It is held here rather than passed down, so the plain formatting functions of
 * `format.ts` read it wherever they are called (a table cell, a toast's text, a dialog's title) and all agree.
 */
let current = DEFAULT_OPERATOR_LOCALE;

export function operatorLocale(): string {
  return current;
}

/**
 * Takes `locale` as the one dates are written in, when this browser knows it (the server checked its own runtime;
 * an older browser may lack a locale, and then keeps the default rather than the browser's language). The page's
 * `lang` follows, so screen readers and the browser's own widgets read it the same way.
 */
export function setOperatorLocale(locale: string): void {
  if (locale !== current) {
    if (Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 0) return;
    current = locale;
  }
  if (document.documentElement.lang !== current) document.documentElement.lang = current;
}

/**
 * Applies the locale of /api/settings as soon as it arrives; `settled` says whether it has (or failed to: the
 * default then stands). The back-office waits for it before drawing a screen, so no date is first written one way
 * and then another.
 */
export function useOperatorLocale(): { settled: boolean } {
  const { data: settings, isPending } = usePublicSettings();
  // During render, before the children draw: they read the locale as they format.
  if (settings?.locale) setOperatorLocale(settings.locale);
  return { settled: !isPending };
}
