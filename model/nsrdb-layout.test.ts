import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { shared, sharedOrSkip } from '../harness/shared-data.ts';
import { NsrdbLayoutError, readNsrdbLayout, writeNsrdbLayout } from './nsrdb-layout.ts';

const phoenix = shared('pvwatts', 'weather', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv');
const desMoines = shared('pvwatts', 'weather', 'des_moines_ia_41.586835_-93.624959_psmv3_60_tmy.csv');

describe('NSRDB layout', () => {
  it('gives back real PSM v3 downloads byte for byte', { skip: sharedOrSkip('pvwatts', 'weather') }, () => {
    for (const file of [phoenix, desMoines]) {
      const text = readFileSync(file, 'utf8');
      assert.equal(writeNsrdbLayout(readNsrdbLayout(text, file)), text);
    }
  });

  it('keeps the metadata and cells as text', { skip: sharedOrSkip('pvwatts', 'weather') }, () => {
    const layout = readNsrdbLayout(readFileSync(phoenix, 'utf8'), phoenix);
    const metadata = new Map(layout.metadata.map((field) => [field.name, field.value]));
    assert.equal(metadata.get('Location ID'), '78208');
    assert.equal(metadata.get('Local Time Zone'), '-7');
    assert.equal(metadata.get('Elevation'), '358');
    assert.equal(layout.columns[0]!.length, 8760);
    const dni = layout.columnNames.indexOf('DNI');
    assert.equal(layout.columns[dni]![8], '638');
    assert.equal(layout.columns[layout.columnNames.indexOf('Surface Albedo')]![0], '0.174');
  });

  it('refuses what is not the layout, naming the line', () => {
    const fails = (line: number) => (error: unknown) => error instanceof NsrdbLayoutError && error.line === line;
    assert.throws(() => readNsrdbLayout('a,b\n1\nX,Y\n1,2\n', 'x.csv'), fails(2));
    assert.throws(() => readNsrdbLayout('a\n1\nX,Y\n1,2\n1\n', 'x.csv'), fails(5));
    assert.throws(() => readNsrdbLayout('a\n1\nX\n"1"\n', 'x.csv'), fails(4));
    assert.throws(() => readNsrdbLayout('a\n1\nX\n1', 'x.csv'), /ends with a line ending/);
  });

  it('keeps CRLF line endings', () => {
    const text = 'Source,Elevation\r\nNSRDB,358\r\nYear,GHI\r\n2012,0\r\n';
    assert.equal(writeNsrdbLayout(readNsrdbLayout(text, 'x.csv')), text);
  });
});
