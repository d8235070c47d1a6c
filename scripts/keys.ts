// `npm run keys -- create --email ADDRESS [--hourly N] [--daily N]`: a new API key, printed once.
// `npm run keys -- list`: every key's id (the first 12 hex digits of its hash), e-mail, state, limits
//   and creation date; never a key.
// `npm run keys -- disable KEY|ID`, `enable KEY|ID`: a key's state, by the key or its id.
// `npm run keys -- limits KEY|ID [--hourly N|default] [--daily N|default]`: a key's own limits.
// `npm run keys -- sync`: copies KEYS_FILE's records to Redis (keys made before REDIS_URL was set).
// `npm run keys -- --help` (or `<command> --help`): the commands and their options.
//
// Keys live in KEYS_FILE (--keys-file). With REDIS_URL (--redis-url) set, every change is written
// to Redis as well, and Redis first: the command fails, changing nothing, when Redis does not answer.
// Running servers pick changes up within a second either way.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { generateKey, hashKey, KEY_PATTERN, keyId, type KeyRecord } from '../server/gateway/keys.ts';
import { DEFAULT_REDIS_PREFIX } from '../server/gateway/redis.ts';
import { defaults } from '../server/settings.ts';
import { KeyRecords, type KeyRecordsLocation } from './key-records.ts';

export interface KeysCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** A request that cannot be carried out as given: its message, and exit code 2 (as commander's own usage errors). */
class UsageError extends Error {}

/** --hourly and --daily: a number sets the key's own limit, `default` leaves it to the server's. */
interface LimitOptions {
  hourly?: number | 'default';
  daily?: number | 'default';
}

function limitValue(text: string): number | 'default' {
  if (text === 'default') return text;
  if (!/^\d+$/.test(text)) throw new InvalidArgumentError('Give a whole number or "default".');
  return Number(text);
}

function emailAddress(text: string): string {
  const email = text.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new InvalidArgumentError('Give an e-mail address.');
  return email;
}

/** The record with its own limits changed as the options say. */
function withLimits(record: KeyRecord, { hourly, daily }: LimitOptions): KeyRecord {
  const limits = { ...record.limits };
  if (hourly === 'default') delete limits.hourly;
  else if (hourly !== undefined) limits.hourly = hourly;
  if (daily === 'default') delete limits.daily;
  else if (daily !== undefined) limits.daily = daily;
  const changed: KeyRecord = { ...record, limits };
  if (Object.keys(limits).length === 0) delete changed.limits;
  return changed;
}

/** The record of a key, or of the one key whose id starts with the hex digits given. */
async function find(records: KeyRecords, given: string): Promise<KeyRecord> {
  const all = await records.all();
  if (KEY_PATTERN.test(given)) {
    const record = all.get(hashKey(given));
    if (!record) throw new UsageError('no such key');
    return record;
  }
  if (!/^[0-9a-f]{8,64}$/.test(given)) throw new UsageError(`${given} is neither a key (40 letters and digits) nor a key id (8 or more hex digits)`);
  const matches = [...all.values()].filter((record) => record.hash.startsWith(given));
  if (matches.length !== 1)
    throw new UsageError(matches.length === 0 ? `no key has the id ${given}` : `${matches.length} keys have ids starting ${given}: give more digits`);
  return matches[0];
}

async function create(records: KeyRecords, io: KeysCommandIo, { email, ...limits }: LimitOptions & { email: string }): Promise<void> {
  const now = new Date().toISOString();
  const key = generateKey();
  const record = withLimits({ hash: hashKey(key), email, created_at: now, updated_at: now, disabled: false }, limits);
  await records.save([record]);
  io.out(key);
  io.err(`created key ${keyId(record.hash)} for ${email} (in ${records.usesRedis ? 'Redis and ' : ''}${records.keysFile}); it is shown only this once`);
}

async function list(records: KeyRecords, io: KeysCommandIo): Promise<void> {
  const sorted = [...(await records.all()).values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const rows = [['ID', 'EMAIL', 'STATE', 'HOURLY', 'DAILY', 'CREATED']];
  for (const record of sorted) {
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
  for (const row of rows)
    io.out(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
  io.err(
    `${sorted.length} key${sorted.length === 1 ? '' : 's'}; default = the server's KEY_HOURLY_LIMIT (${defaults.keyHourlyLimit} unless set), KEY_DAILY_LIMIT (${defaults.keyDailyLimit} unless set)`,
  );
}

/** `disable` and `enable`. */
async function setDisabled(records: KeyRecords, io: KeysCommandIo, given: string, disabled: boolean): Promise<void> {
  const record = await find(records, given);
  await records.save([{ ...record, disabled, updated_at: new Date().toISOString() }]);
  io.err(`key ${keyId(record.hash)} (${record.email}) ${disabled ? 'disabled' : 'enabled'}`);
}

async function setLimits(records: KeyRecords, io: KeysCommandIo, given: string, options: LimitOptions): Promise<void> {
  if (options.hourly === undefined && options.daily === undefined) throw new UsageError('limits needs --hourly and/or --daily');
  const record = await find(records, given);
  const changed = withLimits({ ...record, updated_at: new Date().toISOString() }, options);
  await records.save([changed]);
  io.err(`key ${keyId(record.hash)}: hourly ${changed.limits?.hourly ?? 'default'}, daily ${changed.limits?.daily ?? 'default'}`);
}

async function sync(records: KeyRecords, io: KeysCommandIo): Promise<void> {
  if (!records.usesRedis) throw new UsageError('sync needs REDIS_URL (or --redis-url)');
  const copied = await records.copyFileToRedis();
  io.err(`${copied} key${copied === 1 ? '' : 's'} copied to Redis`);
}

/** Where the keys are: the options, else the environment, as the server reads them. */
function locationOf(command: Command, env: NodeJS.ProcessEnv): KeyRecordsLocation {
  const { keysFile, redisUrl } = command.optsWithGlobals<{ keysFile?: string; redisUrl?: string }>();
  return {
    keysFile: keysFile ?? env.KEYS_FILE ?? 'keys.json',
    redisUrl: redisUrl ?? (env.REDIS_URL || undefined),
    redisPrefix: env.REDIS_PREFIX || DEFAULT_REDIS_PREFIX,
  };
}

/** The parser: each subcommand's arguments and options, and the function that carries it out. */
function keysCommand(io: KeysCommandIo): Command {
  const withRecords = async (command: Command, run: (records: KeyRecords) => Promise<void>) => {
    const records = await KeyRecords.open(locationOf(command, io.env));
    try {
      await run(records);
    } finally {
      records.close();
    }
  };
  const withoutNewline = (write: (line: string) => void) => (text: string) => write(text.replace(/\n$/, ''));
  const program = new Command('npm run keys --')
    .description('Makes and manages API keys. Running servers pick changes up within a second.')
    .option('--keys-file <path>', 'where keys are kept (KEYS_FILE; default keys.json)')
    .option('--redis-url <url>', 'also keep them in Redis, written first (REDIS_URL; REDIS_PREFIX as the server)')
    .exitOverride()
    .configureOutput({ writeOut: withoutNewline(io.out), writeErr: withoutNewline(io.err) })
    .showHelpAfterError('(npm run keys -- --help lists the commands)');
  const keyArgument = ['<key-or-id>', 'the key, or its id (see list)'] as const;
  const limitHelp = (period: string) => `its own ${period} limit: a whole number, or "default" (the server's)`;
  program
    .command('create')
    .description('make a key and print it (the only time it is shown)')
    .requiredOption('--email <address>', "its owner's e-mail address", emailAddress)
    .option('--hourly <n>', limitHelp('hourly'), limitValue)
    .option('--daily <n>', limitHelp('daily'), limitValue)
    .action((options: LimitOptions & { email: string }, command: Command) => withRecords(command, (records) => create(records, io, options)));
  program
    .command('list')
    .description('list keys (id, e-mail, state, limits, created); never a key')
    .action((_options, command: Command) => withRecords(command, (records) => list(records, io)));
  program
    .command('disable')
    .description('refuse a key (403 API_KEY_DISABLED)')
    .argument(...keyArgument)
    .action((given: string, _options, command: Command) => withRecords(command, (records) => setDisabled(records, io, given, true)));
  program
    .command('enable')
    .description('accept a key again')
    .argument(...keyArgument)
    .action((given: string, _options, command: Command) => withRecords(command, (records) => setDisabled(records, io, given, false)));
  program
    .command('limits')
    .description("set or clear a key's own limits")
    .argument(...keyArgument)
    .option('--hourly <n>', limitHelp('hourly'), limitValue)
    .option('--daily <n>', limitHelp('daily'), limitValue)
    .action((given: string, options: LimitOptions, command: Command) => withRecords(command, (records) => setLimits(records, io, given, options)));
  program
    .command('sync')
    .description("copy KEYS_FILE's keys to Redis (keys made before REDIS_URL was set)")
    .action((_options, command: Command) => withRecords(command, (records) => sync(records, io)));
  return program;
}

/** Runs one `keys` command; returns the exit code. */
export async function runKeysCommand(argv: string[], io: KeysCommandIo): Promise<number> {
  try {
    await keysCommand(io).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // commander has printed its own message (or the help) already
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    io.err(`keys: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runKeysCommand(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env }).then((code) => {
    process.exitCode = code;
  });
}
