// Server settings (INTERFACE.md): each an environment variable and a `--flag` of `npm start`.
import { parseArgs } from 'node:util';

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  keysFile: string;
  demoKey: boolean;
  redisUrl?: string;
  publicUrl?: string;
}

const flags = {
  port: 'PORT',
  host: 'HOST',
  'data-dir': 'DATA_DIR',
  'keys-file': 'KEYS_FILE',
  'demo-key': 'DEMO_KEY',
  'redis-url': 'REDIS_URL',
  'public-url': 'PUBLIC_URL',
} as const;

export function readSettings(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Settings {
  const { values } = parseArgs({ args: argv, options: Object.fromEntries(Object.keys(flags).map((flag) => [flag, { type: 'string' as const }])), strict: true });
  const get = (flag: keyof typeof flags): string | undefined => (values as Record<string, string | undefined>)[flag] ?? env[flags[flag]];
  const port = Number(get('port') ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${get('port')}`);
  const demoKey = (get('demo-key') ?? 'on').toLowerCase();
  if (demoKey !== 'on' && demoKey !== 'off') throw new Error(`DEMO_KEY must be on or off, not ${demoKey}`);
  return {
    port,
    host: get('host') ?? '127.0.0.1',
    dataDir: get('data-dir') ?? 'dist-data',
    keysFile: get('keys-file') ?? 'keys.json',
    demoKey: demoKey === 'on',
    redisUrl: get('redis-url') || undefined,
    publicUrl: get('public-url') || undefined,
  };
}
