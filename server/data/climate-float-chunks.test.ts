// The climate store's column-chunk decoder against hyparquet's parquetRead, on FLOAT columns DuckDB
// writes: dictionary and plain encoded, NaN and infinities, row groups of one year and two, every
// codec; and what it declines (nulls, the v2 format's BYTE_STREAM_SPLIT), which the store then reads
// with parquetRead.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DuckDBInstance } from '../../model/duckdb.ts';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { decodeFloatChunk } from './climate-float-chunks.ts';

const ROWS = 8760;

/** Every FLOAT column of a Parquet file decoded both ways: ours (undefined where declined) and parquetRead's, per row group. */
async function bothWays(path: string): Promise<Array<{ column: string; ours: Float32Array | undefined; theirs: Array<number | null> }>> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const bytes = new Uint8Array(readFileSync(path));
  const results: Array<{ column: string; ours: Float32Array | undefined; theirs: Array<number | null> }> = [];
  for (const [g, group] of metadata.row_groups.entries()) {
    const rows = Number(group.num_rows);
    const start = metadata.row_groups.slice(0, g).reduce((sum, earlier) => sum + Number(earlier.num_rows), 0);
    const theirs: Record<string, Array<number | null>> = {};
    await parquetRead({
      file,
      metadata,
      compressors,
      rowStart: start,
      rowEnd: start + rows,
      onComplete: (rowsRead: unknown[][]) => {
        for (const [c, element] of metadata.schema.slice(1).entries()) theirs[element.name] = rowsRead.map((row) => row[c] as number | null);
      },
    });
    for (const chunk of group.columns) {
      const meta = chunk.meta_data!;
      if (meta.type !== 'FLOAT') continue;
      const name = meta.path_in_schema[0]!;
      const element = metadata.schema.find((candidate) => candidate.name === name)!;
      const from = Number(meta.dictionary_page_offset || meta.data_page_offset);
      const target = new Float32Array(rows + 2).fill(7);
      const ok = decodeFloatChunk(
        {
          bytes: bytes.subarray(from, from + Number(meta.total_compressed_size)),
          codec: meta.codec,
          optional: element.repetition_type !== 'REQUIRED',
          rows,
        },
        compressors,
        target,
        1,
      );
      if (ok) assert.deepEqual([target[0], target[rows + 1]], [7, 7], 'nothing written outside the chunk’s rows');
      results.push({ column: name, ours: ok ? target.subarray(1, rows + 1) : undefined, theirs: theirs[name]! });
    }
  }
  return results;
}

test('every FLOAT column DuckDB writes decodes to parquetRead’s values; nulls and other encodings are declined', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-float-chunks-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  t.after(() => duck.closeSync());
  // few values (dictionary), many (random), NaN and infinities among them, and nulls
  await duck.run(`CREATE TABLE hours AS SELECT
      (i % 24)::FLOAT AS few,
      (sin(i * 1.37) * 1000 + i / 7.0)::FLOAT AS many,
      (CASE WHEN i % 97 = 0 THEN 'nan'::FLOAT WHEN i % 1001 = 0 THEN 'inf'::FLOAT WHEN i % 1003 = 0 THEN '-inf'::FLOAT ELSE (i % 500) / 3.0 END)::FLOAT AS odd,
      (CASE WHEN i = 4000 THEN NULL ELSE i % 3 END)::FLOAT AS with_null
    FROM range(${2 * ROWS}) AS r(i)`);
  let decoded = 0;
  for (const options of [
    `COMPRESSION zstd, ROW_GROUP_SIZE ${ROWS}`,
    `COMPRESSION gzip, ROW_GROUP_SIZE ${ROWS}`,
    `COMPRESSION snappy, ROW_GROUP_SIZE ${ROWS}`,
    `COMPRESSION uncompressed, ROW_GROUP_SIZE ${ROWS}`,
    // plain encoding
    `COMPRESSION zstd, ROW_GROUP_SIZE ${ROWS}, DICTIONARY_SIZE_LIMIT 1`,
    // one row group of two years
    `COMPRESSION zstd, ROW_GROUP_SIZE ${2 * ROWS}`,
    `COMPRESSION zstd, ROW_GROUP_SIZE ${ROWS}, PARQUET_VERSION V2`,
  ]) {
    const path = join(dir, `${options.replace(/\W+/g, '_')}.parquet`);
    await duck.run(`COPY hours TO '${path}' (FORMAT parquet, ${options})`);
    for (const { column, ours, theirs } of await bothWays(path)) {
      if (theirs.includes(null)) assert.equal(ours, undefined, `${options}: ${column}'s chunk with a null is declined`);
      if (ours === undefined) {
        // the v2 format's BYTE_STREAM_SPLIT (its dictionary-encoded columns are read)
        assert.ok(theirs.includes(null) || (options.includes('V2') && column === 'many'), `${options}: ${column} is decoded`);
        continue;
      }
      assert.deepEqual(
        Array.from(ours),
        theirs.map((value) => Math.fround(value!)),
        `${options}: ${column}`,
      );
      decoded++;
    }
  }
  // 6 files of 2 row groups and one of 1, 4 columns each; one chunk with a null in each file, and 2 BYTE_STREAM_SPLIT ones
  assert.equal(decoded, (6 * 2 + 1) * 4 - 7 - 2);
});
