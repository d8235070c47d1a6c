// The server's JavaScript heap. It holds a data set's records for as long as it serves them (76 MB
// for 60,000 stations), and V8 sizes its collections by what is live, so two things keep the
// resident memory near what the records need:
// - how far past the live heap V8 lets it grow before a full collection (HEAP_GROWTH_PERCENT);
// - a full collection once a data set is open: loading one leaves as much garbage as the records
//   themselves (DuckDB's result chunks, the rows they were read from), which V8 would otherwise
//   keep, with the pages it fills, until the heap next grows by that percentage. The collection
//   holds the event loop 0.3-0.6 s (60,000 stations, a loaded 2-core machine), once per data set,
//   whose records already took it several seconds to build.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's old generation grows to `percent` past what is live before it is collected whole. */
export function limitHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

let fullCollection: (() => void) | undefined;

/**
 * Collects the whole heap now, compacting it and returning the freed pages. Node offers `gc` only
 * to a process started with --expose-gc; the flag, set now, puts it in contexts made from now on.
 */
export function collectGarbage(): void {
  if (!fullCollection) {
    setFlagsFromString('--expose-gc');
    fullCollection = runInNewContext('gc') as () => void;
  }
  fullCollection();
}
