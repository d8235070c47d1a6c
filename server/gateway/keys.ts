// API keys: 40 random characters, stored only as SHA-256 hashes beside their e-mail, limits and
// state. They live in KEYS_FILE and, with REDIS_URL, in Redis too (shared by every instance). The
// server rereads both in the background (never on a request's path) and answers from memory.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export const DEMO_KEY = 'DEMO_KEY';
const KEY_LENGTH = 40;
export const KEY_PATTERN = /^[A-Za-z0-9]{40}$/;

export interface KeyLimits {
  /** Requests per rolling hour, on every endpoint. */
  hourly?: number;
  /** Requests per rolling day, on the fuel-station endpoints. */
  daily?: number;
}

export interface KeyRecord {
  /** SHA-256 of the key, hex. The key itself is never stored. */
  hash: string;
  email: string;
  created_at: string;
  /** When the record last changed; of two copies (file, Redis) the later wins. */
  updated_at?: string;
  disabled: boolean;
  limits?: KeyLimits;
  /** Written by early versions; ignored. */
  prefix?: string;
}

export interface KeysFile {
  version: 1;
  keys: KeyRecord[];
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A key's public name in `keys list` and in request logs: the first 12 hex digits of its hash. */
export function keyId(hash: string): string {
  return hash.slice(0, 12);
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

function isLimit(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
}

/** A record as read from a file or Redis, or undefined when it is not one. */
export function checkRecord(value: unknown): KeyRecord | undefined {
  const record = value as KeyRecord;
  if (typeof record !== 'object' || record === null) return undefined;
  if (typeof record.hash !== 'string' || !/^[0-9a-f]{64}$/.test(record.hash)) return undefined;
  if (typeof record.disabled !== 'boolean' || typeof record.email !== 'string' || typeof record.created_at !== 'string') return undefined;
  if (
    record.limits !== undefined &&
    (typeof record.limits !== 'object' || record.limits === null || !isLimit(record.limits.hourly) || !isLimit(record.limits.daily))
  )
    return undefined;
  return record;
}

function changedAt(record: KeyRecord): string {
  return record.updated_at ?? record.created_at;
}

/** Of two copies of one key's record, the one changed last (Redis's on a tie: it is the shared one). */
export function newer(file: KeyRecord | undefined, redis: KeyRecord | undefined): KeyRecord | undefined {
  if (!file || !redis) return file ?? redis;
  return changedAt(file) > changedAt(redis) ? file : redis;
}

export function readKeysFile(path: string): KeysFile {
  if (!existsSync(path)) return { version: 1, keys: [] };
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as KeysFile;
  if (parsed.version !== 1 || !Array.isArray(parsed.keys)) throw new Error(`${path} is not a keys file (version 1)`);
  return parsed;
}

/** Replaces the file in one rename, so the server never reads half a file. Readable by its owner only. */
export function writeKeysFile(path: string, file: KeysFile): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/** Runs `change` on the file under a lock file (`PATH.lock`), so two `keys` commands never lose an update. */
export async function updateKeysFile(path: string, change: (file: KeysFile) => void): Promise<KeysFile> {
  const lock = `${path}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a command that died more than 10 s ago is stale.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { force: true });
      } catch {
        // Gone already.
      }
      if (attempt > 100) throw new Error(`${lock} is held by another command`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    const file = readKeysFile(path);
    change(file);
    writeKeysFile(path, file);
    return file;
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Where keys live in Redis: one hash (field: key hash, value: the record as JSON) and a version counter. */
function redisKeyNames(prefix: string): { records: string; version: string } {
  return { records: `${prefix}keys`, version: `${prefix}keys:version` };
}

export async function readRedisKeys(redis: Redis, prefix: string): Promise<Map<string, KeyRecord>> {
  const raw = await redis.hgetall(redisKeyNames(prefix).records);
  const records = new Map<string, KeyRecord>();
  for (const [hash, json] of Object.entries(raw)) {
    let record: KeyRecord | undefined;
    try {
      record = checkRecord(JSON.parse(json));
    } catch {
      record = undefined;
    }
    if (record && record.hash === hash) records.set(hash, record);
  }
  return records;
}

/** Writes records and bumps the version, in one transaction: every server rereads the keys within a second. */
export async function writeRedisKeys(redis: Redis, prefix: string, records: KeyRecord[]): Promise<void> {
  if (records.length === 0) return;
  const names = redisKeyNames(prefix);
  const transaction = redis.multi();
  for (const record of records) transaction.hset(names.records, record.hash, JSON.stringify(record));
  transaction.incr(names.version);
  const results = await transaction.exec();
  const failed = results?.find(([error]) => error);
  if (!results || failed) throw failed?.[0] ?? new Error('the Redis transaction was discarded');
}

/** `own`: the key of the server's requests to itself (`KeyStore.ownKey`), which monitoring does not count. */
export type KeyState = { kind: 'demo' } | { kind: 'key'; record: KeyRecord; own?: true } | { kind: 'unknown' };

export interface KeyLookup {
  lookup(key: string): KeyState;
}

export interface KeyStoreOptions {
  file: string;
  demoKey: boolean;
  /** With REDIS_URL: the shared store. */
  redis?: { client: Redis; prefix: string };
  /** How often the file and Redis are checked for changes (ms); 1000 by default. */
  pollMs?: number;
  log?: Logger;
}

/**
 * Keys by hash, in memory. The file's records merged with Redis's (the later change of a key wins);
 * both are checked every `pollMs` in the background: the file by its inode, size and mtime, Redis
 * by its version counter. While Redis is unreachable the last records read from it stay in force.
 */
export class KeyStore implements KeyLookup {
  private byHash = new Map<string, KeyRecord>();
  private fileRecords = new Map<string, KeyRecord>();
  private redisRecords = new Map<string, KeyRecord>();
  private fileSignature = '';
  private redisVersion: string | null | undefined = undefined;
  private timer?: NodeJS.Timeout;
  private refreshing?: Promise<void>;
  /** A refresh queued behind the running one, for callers that changed something after it read. */
  private refreshAgain?: Promise<void>;
  /** The keys of this process's requests to itself, by hash: in memory only. */
  private readonly ownRecords = new Map<string, KeyRecord>();

  private constructor(private readonly options: KeyStoreOptions) {}

  static async open(options: KeyStoreOptions): Promise<KeyStore> {
    const store = new KeyStore(options);
    await store.refresh();
    store.timer = setInterval(() => void store.refresh(), options.pollMs ?? 1000);
    store.timer.unref();
    return store;
  }

  lookup(key: string): KeyState {
    if (key === DEMO_KEY) return this.options.demoKey ? { kind: 'demo' } : { kind: 'unknown' };
    const hash = hashKey(key);
    const own = this.ownRecords.get(hash);
    if (own) return { kind: 'key', record: own, own: true };
    const record = this.byHash.get(hash);
    return record ? { kind: 'key', record } : { kind: 'unknown' };
  }

  /**
   * A new key for the server's requests to itself (the warm-up through its HTTP stack), with the
   * default limits: known to this process only (never in KEYS_FILE or Redis) until `forget`.
   */
  ownKey(): { key: string; forget(): void } {
    const key = generateKey();
    const record: KeyRecord = { hash: hashKey(key), email: 'warm-up', created_at: new Date().toISOString(), disabled: false };
    this.ownRecords.set(record.hash, record);
    return { key, forget: () => this.ownRecords.delete(record.hash) };
  }

  /**
   * Rereads whatever changed before the call; one refresh at a time. A refresh already running may
   * have read the file before the caller changed it: the caller then waits for one more after it.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain ??= this.refreshing.then(() => {
        this.refreshAgain = undefined;
        return this.refresh();
      });
      return this.refreshAgain;
    }
    this.refreshing = Promise.all([this.refreshFile(), this.refreshRedis()])
      .then(([fileChanged, redisChanged]) => {
        if (fileChanged || redisChanged) this.merge();
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private merge(): void {
    const merged = new Map<string, KeyRecord>();
    for (const hash of new Set([...this.fileRecords.keys(), ...this.redisRecords.keys()]))
      merged.set(hash, newer(this.fileRecords.get(hash), this.redisRecords.get(hash))!);
    this.byHash = merged;
  }

  private async refreshFile(): Promise<boolean> {
    const { file, log } = this.options;
    let signature = 'absent';
    try {
      const info = await stat(file);
      signature = `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      // No file: no keys from it.
    }
    if (signature === this.fileSignature) return false;
    try {
      const records = new Map<string, KeyRecord>();
      for (const entry of readKeysFile(file).keys) {
        const record = checkRecord(entry);
        if (record) records.set(record.hash, record);
        else log?.warn({ file }, 'keys file: a record that is not a key record was ignored');
      }
      this.fileRecords = records;
      this.fileSignature = signature;
      return true;
    } catch (error) {
      // A file being edited by hand, say: keep the keys we had, and read it again when it changes.
      log?.error({ file, err: (error as Error).message }, 'keys file could not be read; keeping the keys read before');
      this.fileSignature = signature;
      return false;
    }
  }

  private async refreshRedis(): Promise<boolean> {
    const redis = this.options.redis;
    if (redis?.client.status !== 'ready') return false;
    try {
      const names = redisKeyNames(redis.prefix);
      const version = await redis.client.get(names.version);
      if (version === this.redisVersion) return false;
      this.redisRecords = await readRedisKeys(redis.client, redis.prefix);
      this.redisVersion = version;
      return true;
    } catch {
      // Unreachable: the records read before stay in force (the rate limiter logs the outage).
      return false;
    }
  }
}
