// API keys: 40 random characters, stored only as SHA-256 hashes beside their e-mail, limits and
// state, in KEYS_FILE. The server rereads the file when it changes.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';

export const DEMO_KEY = 'DEMO_KEY';
export const KEY_LENGTH = 40;

export interface KeyLimits {
  /** Requests per rolling hour, on every endpoint. */
  hourly?: number;
  /** Requests per rolling day, on the fuel-station endpoints. */
  daily?: number;
}

export interface KeyRecord {
  hash: string;
  /** The key's first 4 characters, so that people can tell their keys apart in `keys list`. */
  prefix: string;
  email: string;
  created_at: string;
  disabled: boolean;
  limits?: KeyLimits;
}

export interface KeysFile {
  version: 1;
  keys: KeyRecord[];
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new key: 40 characters drawn uniformly from [A-Za-z0-9] (rejection sampling, no modulo bias). */
export function generateKey(): string {
  let key = '';
  while (key.length < KEY_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && key.length < KEY_LENGTH) key += alphabet[byte % 62];
    }
  }
  return key;
}

export function readKeysFile(path: string): KeysFile {
  if (!existsSync(path)) return { version: 1, keys: [] };
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as KeysFile;
  if (parsed.version !== 1 || !Array.isArray(parsed.keys)) throw new Error(`${path} is not a keys file (version 1)`);
  return parsed;
}

/** Replaces the file in one rename, so the server never reads half a file. */
export function writeKeysFile(path: string, file: KeysFile): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

export type KeyState = { kind: 'demo' } | { kind: 'key'; record: KeyRecord } | { kind: 'unknown' };

/** Looks keys up by hash; checks the file's modification time at most once a second. */
export class KeyStore {
  private byHash = new Map<string, KeyRecord>();
  private loadedMtimeMs = -1;
  private checkedAt = 0;

  constructor(
    private readonly path: string,
    private readonly demoKeyEnabled: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.refresh(true);
  }

  lookup(key: string): KeyState {
    if (key === DEMO_KEY) return this.demoKeyEnabled ? { kind: 'demo' } : { kind: 'unknown' };
    this.refresh(false);
    const record = this.byHash.get(hashKey(key));
    return record ? { kind: 'key', record } : { kind: 'unknown' };
  }

  private refresh(force: boolean): void {
    const now = this.now();
    if (!force && now - this.checkedAt < 1000) return;
    this.checkedAt = now;
    const mtimeMs = existsSync(this.path) ? statSync(this.path).mtimeMs : 0;
    if (!force && mtimeMs === this.loadedMtimeMs) return;
    try {
      this.byHash = new Map(readKeysFile(this.path).keys.map((record) => [record.hash, record]));
      this.loadedMtimeMs = mtimeMs;
    } catch {
      // A file caught mid-write by another tool: keep the keys we had and read it again next time.
    }
  }
}
