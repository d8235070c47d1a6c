import { readdirSync, statSync } from 'node:fs';

/** The names in a folder of the source layout, sorted; none when the folder is absent (a data set without sources). */
export function namesInSourceFolder(folder: string): string[] {
  try {
    return statSync(folder).isDirectory() ? readdirSync(folder).sort() : [];
  } catch {
    return [];
  }
}
