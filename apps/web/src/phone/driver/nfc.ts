/**
 * Web NFC (Chrome on Android, in a secure context, started by a tap): the reader gives each tag's serial number,
 * which is what the office records as a child's NFC tag id. The DOM typings do not describe it yet.
 */
interface NdefReadingEvent extends Event {
  serialNumber: string;
}
interface NdefReaderLike extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefReaderLike;

const readerClass = () => (globalThis as { NDEFReader?: NdefReaderConstructor }).NDEFReader;

export function hasNfc(): boolean {
  return typeof readerClass() === 'function';
}

/**
 * Listens for tags until `signal` aborts; each tag's serial number goes to `onTag`. Rejects when the phone
 * refuses (NFC off, permission denied).
 */
export async function scanNfcTags(
  signal: AbortSignal,
  onTag: (serialNumber: string) => void,
  onUnreadable: () => void,
): Promise<void> {
  const Reader = readerClass();
  if (!Reader) throw new Error('This browser cannot read NFC tags.');
  const reader = new Reader();
  reader.addEventListener('reading', (event) => onTag((event as NdefReadingEvent).serialNumber), { signal });
  reader.addEventListener('readingerror', onUnreadable, { signal });
  await reader.scan({ signal });
}
