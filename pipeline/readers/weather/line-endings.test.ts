// A weather file reads the same whatever its line endings: LF, CRLF, a lone CR, or any mix of them
// (a file edited in a spreadsheet tool), and an error names the physical line it is on.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { shared, sharedOrSkip } from '../../../harness/shared-data.ts';
import { parseWeatherText, WeatherFileError, type WeatherData } from './index.ts';

/** The file's lines ended as `ending(index)` says (the last line keeps no ending when the file had none). */
function withEndings(text: string, ending: (index: number) => string): string {
  const lines = text.split(/\r\n|\r|\n/);
  const last = lines.pop()!;
  return lines.map((line, i) => line + ending(i)).join('') + last;
}

const VARIANTS: Record<string, (index: number) => string> = {
  CRLF: () => '\r\n',
  'a lone CR': () => '\r',
  'LF and CRLF in turn': (i) => (i % 2 ? '\r\n' : '\n'),
  'a LF header and CRLF records': (i) => (i === 0 ? '\n' : '\r\n'),
  'a CRLF header and LF records': (i) => (i === 0 ? '\r\n' : '\n'),
  'LF, CRLF and a lone CR in turn': (i) => ['\n', '\r\n', '\r'][i % 3]!,
};

/** What a parse gives, comparable with deepEqual (NaN equals NaN there). */
function comparable(weather: WeatherData): Record<string, unknown> {
  return Object.fromEntries(Object.entries(weather).map(([key, value]) => [key, ArrayBuffer.isView(value) ? Array.from(value as Float32Array) : value]));
}

/** A small valid SAM CSV whose metadata lines end in empty fields (as SAM writes them): hourly values without date columns. */
function samCsv(): string {
  const rows = Array.from({ length: 8760 }, (_, i) => `${i % 700},${(i * 7) % 300},${(i % 40) - 10}`);
  return `Source,Latitude,Longitude,Time Zone,,,\nTMY2,40,-105,-7,,,\nDNI,DHI,Tdry\n${rows.join('\n')}\n`;
}

describe('weather files with any line endings', () => {
  const lf = samCsv();
  const expected = comparable(parseWeatherText('s.csv', lf));
  for (const [name, ending] of Object.entries(VARIANTS)) {
    it(`SAM CSV with ${name}, empty trailing metadata fields: the same records as with LF`, () => {
      assert.deepEqual(comparable(parseWeatherText('s.csv', withEndings(lf, ending))), expected);
    });
  }

  it('an error names the physical line, counting CRLF, LF and a lone CR as one line ending each', () => {
    const lines = lf.split('\n');
    lines[7] = '5,a b1,-5'; // line 8
    const text = withEndings(lines.join('\n'), VARIANTS['LF, CRLF and a lone CR in turn']!);
    assert.throws(
      () => parseWeatherText('s.csv', text),
      (error: unknown) => error instanceof WeatherFileError && error.line === 8 && /"a b1"/.test(error.problem),
    );
  });

  it('a data line of white space ended by CRLF is an empty data line, at its line', () => {
    const lines = lf.split('\n');
    lines[8] = '  ';
    assert.throws(
      () =>
        parseWeatherText(
          's.csv',
          withEndings(lines.join('\n'), () => '\r\n'),
        ),
      (error: unknown) => error instanceof WeatherFileError && error.line === 9 && /empty data line/.test(error.problem),
    );
  });

  const skip = sharedOrSkip('pvwatts', 'weather');
  it('every reference weather file (TMY2, TMY3, EPW, SAM CSV) reads the same with each mix of line endings', { skip }, () => {
    const dir = shared('pvwatts', 'weather');
    const files = readdirSync(dir).filter((name) => !name.endsWith('.md'));
    assert.ok(files.length > 0);
    for (const file of files) {
      const text = readFileSync(`${dir}/${file}`, 'utf8');
      const original = comparable(parseWeatherText(file, text));
      for (const [name, ending] of Object.entries(VARIANTS)) {
        assert.deepEqual(comparable(parseWeatherText(file, withEndings(text, ending))), original, `${file} with ${name}`);
      }
    }
  });
});
