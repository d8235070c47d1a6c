/**
 * Weather-file readers with the behaviour of ssc 2018.11.11.r4's `weatherfile` (docs/weather-files.md):
 * TMY2, TMY3, EPW and SAM CSV / NSRDB PSM, chosen by file extension; `.gz` files are decompressed
 * first and detected by their inner name.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { parseEpw } from './epw.ts';
import { parseSamCsv } from './sam-csv.ts';
import { parseTmy2 } from './tmy2.ts';
import { looksLikeTmy3, parseTmy3 } from './tmy3.ts';
import { WeatherFileError, type WeatherData, type WeatherFormat } from './weather-data.ts';

export { WeatherFileError, WEATHER_COLUMN_NAMES } from './weather-data.ts';
export type { WeatherColumns, WeatherData, WeatherFormat, WeatherHeader } from './weather-data.ts';

const gunzipAsync = promisify(gunzip);

function extensionOf(fileName: string): string {
  const name = basename(fileName);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The format ssc would pick (docs/weather-files.md §1): by extension, ignoring case; a `.csv` is TMY3 when line 1 has 7
 * fields and line 2 has 68 or 71, else SAM CSV.
 */
export function detectWeatherFormat(fileName: string, text: string): WeatherFormat {
  const extension = extensionOf(fileName);
  switch (extension) {
    case 'tm2':
    case 'tmy2':
      return 'tmy2';
    case 'tm3':
    case 'tmy3':
      return 'tmy3';
    case 'epw':
      return 'epw';
    case 'csv':
      return looksLikeTmy3(text) ? 'tmy3' : 'sam-csv';
    default:
      throw new WeatherFileError(fileName, undefined, `unsupported weather file extension ".${extension}" (expected tm2, tmy2, tm3, tmy3, epw or csv)`);
  }
}

/** Parses the text of a weather file whose (uncompressed) name is `fileName`. */
export function parseWeatherText(fileName: string, text: string): WeatherData {
  switch (detectWeatherFormat(fileName, text)) {
    case 'tmy2':
      return parseTmy2(fileName, text);
    case 'tmy3':
      return parseTmy3(fileName, text);
    case 'epw':
      return parseEpw(fileName, text);
    case 'sam-csv':
      return parseSamCsv(fileName, text);
  }
}

/** Reads and parses a weather file; `NAME.gz` is gunzipped and read as NAME. */
export async function readWeatherFile(path: string): Promise<WeatherData> {
  const compressed = extensionOf(path) === 'gz';
  let bytes: Buffer = await readFile(path);
  if (compressed) {
    try {
      bytes = await gunzipAsync(bytes);
    } catch (error) {
      throw new WeatherFileError(path, undefined, `cannot decompress: ${(error as Error).message}`);
    }
  }
  const innerName = compressed ? path.slice(0, -'.gz'.length) : path;
  try {
    return parseWeatherText(innerName, bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof WeatherFileError && compressed) throw new WeatherFileError(path, error.line, error.problem);
    throw error;
  }
}
