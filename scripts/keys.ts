// `npm run keys -- create --email ADDRESS [--hourly N] [--daily N]`: a new API key, printed once.
// `npm run keys -- list`: every key's id (the first 12 hex digits of its hash), e-mail, state, limits
//   and creation date; never a key.
// `npm run keys -- disable KEY|ID`, `enable KEY|ID`: a key's state, by the key or its id.
// `npm run keys -- limits KEY|ID [--hourly N|default] [--daily N|default]`: a key's own limits.
// `npm run keys -- sync`: copies KEYS_FILE's records to Redis (keys made before REDIS_URL was set).
//
// Keys live in KEYS_FILE (--keys-file). With REDIS_URL (--redis-url) set, every change is written
// to Redis as well, and Redis first: the command fails, changing nothing, when Redis does not answer.
// Running servers pick changes up within a second either way.
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { checkRecord, generateKey, hashKey, KEY_PATTERN, keyId, newer, readKeysFile, readRedisKeys, updateKeysFile, writeRedisKeys, type KeyRecord } from '../server/gateway/keys.ts';
import { redactRedisUrl } from '../server/gateway/index.ts';
import { DEFAULT_REDIS_PREFIX } from '../server/gateway/redis.ts';
import { defaults } from '../server/settings.ts';

export class UsageError extends Error {}

const USAGE = `usage: npm run keys -- <command> [options]
  create --email ADDRESS [--hourly N] [--daily N]   make a key and print it (the only time it is shown)
  list                                              list keys (id, e-mail, state, limits, created)
  disable KEY|ID                                    refuse a key (403 API_KEY_DISABLED)
  enable KEY|ID                                     accept it again
  limits KEY|ID [--hourly N|default] [--daily N|default]   set or clear a key's own limits
  sync                                              copy KEYS_FILE's keys to Redis
options: --keys-file PATH (KEYS_FILE, default keys.json), --redis-url URL (REDIS_URL)`;

export interface KeysCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

function limitOption(name: string, text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'default') return null;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number or "default", not ${text}`);
  return Number(text);
}

function connect(url: string): Redis {
  return new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 1, retryStrategy: () => null, enableOfflineQueue: true });
}

/** Runs one `keys` command; returns the exit code. */
export async function runKeysCommand(argv: string[], io: KeysCommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        hourly: { type: 'string' },
        daily: { type: 'string' },
        'keys-file': { type: 'string' },
        'redis-url': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, target, ...rest] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  const keysFile = values['keys-file'] ?? io.env.KEYS_FILE ?? 'keys.json';
  const redisUrl = values['redis-url'] ?? (io.env.REDIS_URL || undefined);
  const prefix = io.env.REDIS_PREFIX || DEFAULT_REDIS_PREFIX;
  const redis = redisUrl ? connect(redisUrl) : undefined;
  redis?.on('error', () => {});
  try {
    if (redis) {
      try {
        await redis.connect();
      } catch (error) {
        throw new Error(`no answer from Redis at ${redactRedisUrl(redisUrl!)} (${(error as Error).message}): nothing was changed`);
      }
    }

    /** Every key: the file's and Redis's, the later change of each winning. */
    const allRecords = async (): Promise<Map<string, KeyRecord>> => {
      const fromFile = new Map(readKeysFile(keysFile).keys.flatMap((entry) => (checkRecord(entry) ? [[entry.hash, entry] as const] : [])));
      const fromRedis = redis ? await readRedisKeys(redis, prefix) : new Map<string, KeyRecord>();
      const merged = new Map<string, KeyRecord>();
      for (const hash of new Set([...fromFile.keys(), ...fromRedis.keys()])) merged.set(hash, newer(fromFile.get(hash), fromRedis.get(hash))!);
      return merged;
    };

    /** Redis first (so that a failure changes nothing), then the file. */
    const save = async (records: KeyRecord[]) => {
      if (redis) await writeRedisKeys(redis, prefix, records);
      await updateKeysFile(keysFile, (file) => {
        for (const record of records) {
          const index = file.keys.findIndex((entry) => entry.hash === record.hash);
          if (index >= 0) file.keys[index] = record;
          else file.keys.push(record);
        }
      });
    };

    const find = async (given: string | undefined): Promise<KeyRecord> => {
      if (!given) throw new UsageError(`${command} needs a key or a key id (see list)\n${USAGE}`);
      const records = await allRecords();
      if (KEY_PATTERN.test(given)) {
        const record = records.get(hashKey(given));
        if (!record) throw new UsageError('no such key');
        return record;
      }
      if (!/^[0-9a-f]{8,64}$/.test(given)) throw new UsageError(`${given} is neither a key (40 letters and digits) nor a key id (8 or more hex digits)`);
      const matches = [...records.values()].filter((record) => record.hash.startsWith(given));
      if (matches.length !== 1) throw new UsageError(matches.length === 0 ? `no key has the id ${given}` : `${matches.length} keys have ids starting ${given}: give more digits`);
      return matches[0];
    };

    if (rest.length > 0) throw new UsageError(`unexpected ${rest.join(' ')}\n${USAGE}`);
    const now = new Date().toISOString();
    switch (command) {
      case 'create': {
        if (target) throw new UsageError(`create takes no key\n${USAGE}`);
        const email = values.email?.trim();
        if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`create needs --email ADDRESS\n${USAGE}`);
        const hourly = limitOption('hourly', values.hourly) ?? undefined;
        const daily = limitOption('daily', values.daily) ?? undefined;
        const key = generateKey();
        const record: KeyRecord = { hash: hashKey(key), email, created_at: now, updated_at: now, disabled: false };
        if (hourly !== undefined || daily !== undefined) record.limits = { ...(hourly !== undefined ? { hourly } : {}), ...(daily !== undefined ? { daily } : {}) };
        await save([record]);
        io.out(key);
        io.err(`created key ${keyId(record.hash)} for ${email}${redis ? ' (in Redis and ' + keysFile + ')' : ` (in ${keysFile})`}; it is shown only this once`);
        return 0;
      }
      case 'list': {
        if (target) throw new UsageError(`list takes no key\n${USAGE}`);
        const records = [...(await allRecords()).values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
        const rows = [['ID', 'EMAIL', 'STATE', 'HOURLY', 'DAILY', 'CREATED']];
        for (const record of records) {
          rows.push([
            keyId(record.hash),
            record.email,
            record.disabled ? 'disabled' : 'enabled',
            record.limits?.hourly !== undefined ? String(record.limits.hourly) : 'default',
            record.limits?.daily !== undefined ? String(record.limits.daily) : 'default',
            record.created_at.slice(0, 10),
          ]);
        }
        const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
        for (const row of rows) io.out(row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd());
        io.err(`${records.length} key${records.length === 1 ? '' : 's'}; default = the server's KEY_HOURLY_LIMIT (${defaults.keyHourlyLimit} unless set), KEY_DAILY_LIMIT (${defaults.keyDailyLimit} unless set)`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const record = await find(target);
        const disabled = command === 'disable';
        await save([{ ...record, disabled, updated_at: now }]);
        io.err(`key ${keyId(record.hash)} (${record.email}) ${disabled ? 'disabled' : 'enabled'}`);
        return 0;
      }
      case 'limits': {
        const record = await find(target);
        const hourly = limitOption('hourly', values.hourly);
        const daily = limitOption('daily', values.daily);
        if (hourly === undefined && daily === undefined) throw new UsageError(`limits needs --hourly and/or --daily\n${USAGE}`);
        const limits = { ...record.limits };
        if (hourly === null) delete limits.hourly;
        else if (hourly !== undefined) limits.hourly = hourly;
        if (daily === null) delete limits.daily;
        else if (daily !== undefined) limits.daily = daily;
        const updated: KeyRecord = { ...record, updated_at: now };
        if (Object.keys(limits).length > 0) updated.limits = limits;
        else delete updated.limits;
        await save([updated]);
        io.err(`key ${keyId(record.hash)}: hourly ${limits.hourly ?? 'default'}, daily ${limits.daily ?? 'default'}`);
        return 0;
      }
      case 'sync': {
        if (!redis) throw new UsageError('sync needs REDIS_URL (or --redis-url)');
        const fromRedis = await readRedisKeys(redis, prefix);
        // A file record goes to Redis when Redis has none, or an older one.
        const toCopy = readKeysFile(keysFile).keys.filter((entry) => checkRecord(entry) && newer(entry, fromRedis.get(entry.hash)) === entry && JSON.stringify(fromRedis.get(entry.hash)) !== JSON.stringify(entry));
        await writeRedisKeys(redis, prefix, toCopy);
        io.err(`${toCopy.length} key${toCopy.length === 1 ? '' : 's'} copied to Redis`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    io.err(`keys: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    redis?.disconnect();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runKeysCommand(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env }).then((code) => {
    process.exitCode = code;
  });
}
