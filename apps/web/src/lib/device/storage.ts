/**
 * localStorage can throw (private mode, quota, disabled storage). A failure must never break the app,
 * so it is only logged, and reads fall back to "nothing stored".
 */
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    console.error(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.error(`Could not save "${key}" to local storage`, error);
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    console.error(`Could not remove "${key}" from local storage`, error);
  }
}
