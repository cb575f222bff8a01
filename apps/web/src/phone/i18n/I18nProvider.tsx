import {
  chooseLanguage,
  languageName,
  textDirection,
  translator,
  formatNumber as formatNumberIn,
  type Catalogue,
  type MessageValues,
} from '@school-transport/shared';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { setAppLanguage } from '../../lib/api/api-client';
import { formatInLocale, type DateStyle } from '../../lib/time/format';
import { useOperatorTimeZone } from '../../lib/time/operator-time';
import { englishCatalogue, loadCatalogue, phoneLanguages, type AppCatalogue } from './catalogues';
import { browserLanguages, rememberLanguage, saveAccountLanguage, storedLanguage } from './language-choice';

export interface PhoneLanguage {
  code: string;
  name: string;
  direction: 'ltr' | 'rtl';
}

export interface Translation {
  t: (key: string, values?: MessageValues) => string;
  language: string;
  direction: 'ltr' | 'rtl';
  /** A date or moment in `style`, in this language, in the operator's time zone. */
  formatDate: (value: string | Date, style: DateStyle) => string;
  /** '07:42': 24 hours, as the schedules are written, in the language's digits and the operator's time zone. */
  formatTime: (value: string | Date) => string;
  formatNumber: (value: number) => string;
  /** Chooses the language (null: follow the browser again), with the account when someone is signed in. */
  setLanguage: (code: string | null) => Promise<void>;
  languages: PhoneLanguage[];
}

const TranslationContext = createContext<Translation | null>(null);

export function useT(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useT must be used inside I18nProvider');
  return value;
}

interface I18nProviderProps {
  /** The app's own words (phone/<app>/<app>-catalogue.ts). */
  catalogue: AppCatalogue;
  /** The signed-in account: its stored choice wins, and a new choice is saved with it. */
  account?: { token: string; language?: string | null } | null;
  children: ReactNode;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(key, format);
  }
  return format;
}

/**
 * Gives the app's screens their words in the chosen language, and sets the page's `lang` and `dir` (right-to-left
 * languages mirror the layout through the kit's logical CSS). English draws at once; another language draws once
 * its catalogue has arrived (the pre-rendered shell stays meanwhile), never first in English and then again.
 */
export function I18nProvider({ catalogue, account, children }: I18nProviderProps) {
  const available = useMemo(() => phoneLanguages(catalogue), [catalogue]);
  const [chosen, setChosen] = useState(() => storedLanguage());
  const accountLanguage = account?.language;
  const language = chooseLanguage([accountLanguage, chosen, ...browserLanguages()], available);
  const [loaded, setLoaded] = useState<{ language: string; catalogue: Catalogue }>(() => ({
    language: 'en',
    catalogue: englishCatalogue(catalogue),
  }));
  const timeZone = useOperatorTimeZone();

  useEffect(() => {
    let current = true;
    void loadCatalogue(catalogue, language).then((words) => {
      if (current) setLoaded({ language, catalogue: words });
    });
    return () => {
      current = false;
    };
  }, [catalogue, language]);

  // The account's choice is this phone's too, so sign-in shows in it next time.
  useEffect(() => {
    if (accountLanguage) rememberLanguage(accountLanguage);
  }, [accountLanguage]);

  const shown = loaded.language;
  // With the words' paint, not a frame later (Preact runs a passive effect after the next frame).
  useLayoutEffect(() => {
    document.documentElement.lang = shown;
    document.documentElement.dir = textDirection(shown);
    // The server writes its refusals in it too (until an account's own choice is known to it).
    setAppLanguage(shown);
  }, [shown]);

  const token = account?.token;
  const setLanguage = useCallback(
    async (code: string | null) => {
      if (token) await saveAccountLanguage(token, code);
      rememberLanguage(code);
      setChosen(code);
    },
    [token],
  );

  const value = useMemo((): Translation => {
    const t = translator(shown, loaded.catalogue, englishCatalogue(catalogue));
    return {
      t,
      language: shown,
      direction: textDirection(shown),
      formatDate: (date, style) =>
        formatInLocale(typeof date === 'string' ? date : date.toISOString(), style, shown),
      formatTime: (date) => timeFormat(shown, timeZone).format(new Date(date)),
      formatNumber: (number) => formatNumberIn(shown, number),
      setLanguage,
      languages: available.map((code) => ({
        code,
        name: languageName(code),
        direction: textDirection(code),
      })),
    };
  }, [shown, loaded.catalogue, catalogue, timeZone, setLanguage, available]);

  // A language other than English waits for its words rather than flashing English first.
  if (shown !== language && language !== 'en') return null;
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}
