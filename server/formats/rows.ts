// Large arrays (a list of 60,000 stations) are never built in memory: an endpoint hands the
// renderer a RowStream, which yields the array's items in batches as the data layer reads them.

export class RowStream<T = unknown> {
  constructor(readonly batches: AsyncIterable<T[]>) {}

  static of<T>(items: T[]): RowStream<T> {
    return new RowStream((async function* () {
      yield items;
    })());
  }
}

/** Where a writer met a RowStream: the text before and after it, and how to write a batch in place. */
export interface StreamSlot {
  stream: RowStream;
  writeBatch(items: unknown[], isFirstBatch: boolean): string;
}

/** Written in place of a RowStream; the renderer cuts the document there and streams the rows. */
export const STREAM_MARK = '\u0000rows\u0000';
