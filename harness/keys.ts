// A keys file for a test or a benchmark: one registered key whose limits never get in the way.
import { generateKey, hashKey, writeKeysFile } from '../server/gateway/keys.ts';

/** Writes `keysFile` holding one new key, by default with a million requests an hour and a day; returns the key. */
export function writeUnlimitedKey(keysFile: string, { email = 'tests@example.org', limit = 1_000_000 } = {}): string {
  const key = generateKey();
  writeKeysFile(keysFile, {
    version: 1,
    keys: [
      { hash: hashKey(key), prefix: key.slice(0, 4), email, created_at: new Date(0).toISOString(), disabled: false, limits: { hourly: limit, daily: limit } },
    ],
  });
  return key;
}
