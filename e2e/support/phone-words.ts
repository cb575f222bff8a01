import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMessage, type MessageValues } from '@school-transport/shared';

/**
 * The phone apps' words as a person reading `language` sees them (packages/shared/locales: the kit's phone.json
 * and the app's own catalogue), so the browser tests look for what the screen says without copying its texts.
 */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/shared/locales');

function catalogue(language: string, app: 'driver' | 'parent'): Record<string, string> {
  const read = (name: string) => {
    const file = path.join(LOCALES, language, `${name}.json`);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };
  return { ...read('phone'), ...read(app) };
}

/** `words(key, values)`: the message of `key` in `language`; a key it lacks fails the test at once. */
export function phoneWords(app: 'driver' | 'parent', language = 'en') {
  const messages = catalogue(language, app);
  return (key: string, values?: MessageValues): string => {
    const message = messages[key];
    if (message === undefined) throw new Error(`No ${language} message "${key}" for the ${app} app`);
    return formatMessage(language, message, values);
  };
}
