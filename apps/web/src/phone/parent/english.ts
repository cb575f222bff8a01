import { translator, type MessageValues } from '@school-transport/shared';
import { englishCatalogue } from '../i18n';
import { parentCatalogue } from './parent-catalogue';

/** The portal's English words for its tests (parent.json and the kit's phone.json): what a test looks for. */
const english = englishCatalogue(parentCatalogue);
const englishWords = translator('en', english, english);

/** A text as an English-speaking parent reads it; a key without an English message fails the test. */
export const en = (key: string, values?: MessageValues): string => {
  const text = englishWords(key, values);
  if (text === key) throw new Error(`No English message "${key}"`);
  return text;
};

/** A moment as the portal writes its time of day in English (the operator's zone is UTC in these tests). */
export const clock = (moment: string | Date): string =>
  new Intl.DateTimeFormat('en', {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(moment));
