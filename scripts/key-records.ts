// The key records the `keys` command reads and changes: always those of KEYS_FILE; with REDIS_URL,
// Redis's too, where every change is written first, so that a Redis that does not answer leaves
// everything as it was.
import { Redis } from 'ioredis';
import { checkRecord, newer, readKeysFile, readRedisKeys, updateKeysFile, writeRedisKeys, type KeyRecord } from '../server/gateway/keys.ts';
import { redactRedisUrl } from '../server/gateway/index.ts';

export interface KeyRecordsLocation {
  keysFile: string;
  redisUrl?: string;
  redisPrefix: string;
}

export class KeyRecords {
  private constructor(
    readonly keysFile: string,
    private readonly redis: Redis | undefined,
    private readonly redisPrefix: string,
  ) {}

  /** Connects to Redis when there is one: a Redis that does not answer is an error, before any change. */
  static async open({ keysFile, redisUrl, redisPrefix }: KeyRecordsLocation): Promise<KeyRecords> {
    if (!redisUrl) return new KeyRecords(keysFile, undefined, redisPrefix);
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: 3000,
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
      enableOfflineQueue: true,
    });
    redis.on('error', () => {});
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`no answer from Redis at ${redactRedisUrl(redisUrl)} (${(error as Error).message}): nothing was changed`);
    }
    return new KeyRecords(keysFile, redis, redisPrefix);
  }

  get usesRedis(): boolean {
    return this.redis !== undefined;
  }

  /** Every key, by hash: the file's and Redis's, the later change of each winning. */
  async all(): Promise<Map<string, KeyRecord>> {
    const fromFile = new Map(readKeysFile(this.keysFile).keys.flatMap((entry) => (checkRecord(entry) ? [[entry.hash, entry] as const] : [])));
    const fromRedis = this.redis ? await readRedisKeys(this.redis, this.redisPrefix) : new Map<string, KeyRecord>();
    const merged = new Map<string, KeyRecord>();
    for (const hash of new Set([...fromFile.keys(), ...fromRedis.keys()])) merged.set(hash, newer(fromFile.get(hash), fromRedis.get(hash))!);
    return merged;
  }

  /** Adds or replaces records: in Redis first (so that a failure changes nothing), then in the file. */
  async save(records: KeyRecord[]): Promise<void> {
    if (this.redis) await writeRedisKeys(this.redis, this.redisPrefix, records);
    await updateKeysFile(this.keysFile, (file) => {
      for (const record of records) {
        const index = file.keys.findIndex((entry) => entry.hash === record.hash);
        if (index >= 0) file.keys[index] = record;
        else file.keys.push(record);
      }
    });
  }

  /** Copies to Redis each record of the file that Redis lacks or holds an older version of; returns how many. */
  async copyFileToRedis(): Promise<number> {
    if (!this.redis) throw new Error('there is no Redis to copy keys to');
    const fromRedis = await readRedisKeys(this.redis, this.redisPrefix);
    const toCopy = readKeysFile(this.keysFile).keys.filter(
      (entry) => checkRecord(entry) && newer(entry, fromRedis.get(entry.hash)) === entry && JSON.stringify(fromRedis.get(entry.hash)) !== JSON.stringify(entry),
    );
    await writeRedisKeys(this.redis, this.redisPrefix, toCopy);
    return toCopy.length;
  }

  close(): void {
    this.redis?.disconnect();
  }
}
