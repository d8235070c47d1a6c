// Where the real data of ../shared lives, for every test and benchmark: beside the checkout, or
// wherever SHARED_DIR points.
import { join, resolve } from 'node:path';

export const sharedDir = process.env.SHARED_DIR ? resolve(process.env.SHARED_DIR) : resolve(import.meta.dirname, '..', '..', 'shared');

export function shared(...parts: string[]): string {
  return join(sharedDir, ...parts);
}
