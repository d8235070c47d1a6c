// Reads a zip's entries (name and text) with yauzl, apart from the writer the server uses (yazl).
import { once } from 'node:events';
import yauzl, { type Entry } from 'yauzl';

export async function zipEntries(path: string): Promise<Array<{ name: string; text: string }>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true });
  const entries: Array<{ name: string; text: string }> = [];
  try {
    for (;;) {
      zip.readEntry();
      const [entry] = (await Promise.race([once(zip, 'entry'), once(zip, 'end').then(() => [undefined])])) as [Entry | undefined];
      if (!entry) break;
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      entries.push({ name: entry.fileName, text: Buffer.concat(chunks).toString('utf8') });
    }
  } finally {
    zip.close();
  }
  return entries;
}
