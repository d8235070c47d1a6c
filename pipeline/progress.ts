// A progress bar for long steps when a person is watching (stderr is a terminal); silence otherwise.
import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  tick(count?: number): void;
  done(): void;
}

export function progress(label: string, total: number): Progress {
  if (!process.stderr.isTTY || total <= 0) return { tick() {}, done() {} };
  const bar = new SingleBar(
    { format: `${label.padEnd(28)} [{bar}] {percentage}% {value}/{total}`, stream: process.stderr, hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    tick: (count = 1) => bar.increment(count),
    done: () => bar.stop(),
  };
}
