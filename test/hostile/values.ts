// The hostile material the generated requests draw on, every item already encoded for the URL
// (url.ts). Grouped by what each group attacks, so that a failure's URL says which one it was.
import { encodeBytes, encodeText } from './url.ts';

const text = (...items: string[]) => items.map(encodeText);

/** Every C0 control character, U+0000 to U+001F (XML 1.0 allows only tab, newline and carriage return). */
const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));

export const hostileNames = {
  /** Members of Object.prototype: a parameter table that is a plain object finds them. */
  prototype: text(
    'toString',
    'constructor',
    '__proto__',
    'valueOf',
    'hasOwnProperty',
    'prototype',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
    '__defineGetter__',
    '__lookupGetter__',
  ),
  controlCharacters: text('\u0000', 'lat\u0000', '\u0001', 'a\nb', 'lat\t', '\u001f', '\u007f'),
  apiKey: [...text('api_key', 'API_KEY', 'Api_Key', 'api_key\u0000', 'api-key', 'apikey', ' api_key'), 'api%5Fkey'],
  odd: [...text('', 'LAT', 'Lat', 'lat[]', 'lat[0]', 'a.b', 'format', 'callback', '\uFFFE', '\u{1F600}'), encodeBytes(0xed, 0xa0, 0x80)],
};

export const hostileValues = {
  /** Past 32 and 64 bits, past a double, below the smallest double, and what only JavaScript calls a number. */
  numbers: text(
    '99999999999999999999',
    '-99999999999999999999',
    '1e308',
    '1e309',
    '-1e308',
    '-1e-320',
    '1e-320',
    '4.9e-324',
    '2147483648',
    '-2147483649',
    '4294967296',
    '9007199254740993',
    '18446744073709551616',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '0b1',
    '0o7',
    '1_000',
    ' 1',
    '1 ',
    '+1',
    '-0',
    '00001',
    '1.',
    '.5',
    '1e',
    'e1',
    '--1',
    '-1',
    '0',
    '\u0661\u0662',
    '\uFF11',
  ),
  controlCharacters: text(...C0, ...C0.map((char) => `a${char}b`), '\u007f', '\u0085', '\u2028', '\u2029', '\uFEFF'),
  /** The two noncharacters XML 1.0 forbids. */
  nonCharacters: text('\uFFFE', '\uFFFF', 'a\uFFFEb'),
  /** Lone surrogates (their three bytes: CESU-8), and other byte sequences that are not UTF-8. */
  invalidUtf8: [
    encodeBytes(0xed, 0xa0, 0x80),
    encodeBytes(0x61, 0xed, 0xbf, 0xbf, 0x62),
    encodeBytes(0xff),
    encodeBytes(0xc0, 0x80),
    encodeBytes(0xf4, 0x90, 0x80, 0x80),
    encodeBytes(0xe2, 0x82),
  ],
  /** Sent as they are: percent signs that start no escape, and plus signs (a space in a query). */
  verbatim: ['%', '%G1', '%E', '%%41', '+', '1+1', '%2B1'],
  markup: text('<', '>', '&', ']]>', '"', "'", '<a>', '&amp;', '&#1;', '<?xml version="1.0"?>', '\u00e9', '\u{1F600}', '"a,b"', 'a\r\nb', '=1+2'),
  prototypeWords: text('toString', '__proto__', 'constructor', 'hasOwnProperty', 'null', 'undefined', 'true', '[]', '{}'),
  callbacks: text('alert(1)', 'a-b', '1a', 'a'.repeat(65), 'a b', 'a;b'),
  commaLists: text(',', ',,', ' , ', ',all', 'all,', 'E,,P', ',1'),
  empty: text('', ' ', '\t'),
};

/**
 * 10,000 characters each (one a valid list). At most one goes into a request: two would pass the 16 KB
 * that Node allows a request head, and get Node's 431 before the server sees the request.
 */
export const longValues = text('a'.repeat(10_000), '9'.repeat(10_000), `0.${'0'.repeat(9_997)}1`, ','.repeat(10_000), 'ELEC,'.repeat(2_000), 'é'.repeat(1_000));

/** Station ids for the by-id path: words, signs, sizes past 32 bits and past the documented range, unicode. */
export const hostileIds = [
  ...text(
    '0',
    '-1',
    '999999999',
    '1000000000',
    '2147483648',
    '4294967296',
    '99999999999999999999',
    '1e3',
    'abc',
    'toString',
    '__proto__',
    'constructor',
    '\u0661\u0662',
    '\uFF11',
    '\u{1F600}',
    '\u0000',
    '\u0001',
    ' 1',
    '1 ',
    '0x1',
    '+1',
    '1/2',
  ),
  encodeBytes(0xed, 0xa0, 0x80),
  // a dot sent encoded: a raw one would make the rest of the id an extension
  '1%2E5',
  '%ZZ',
];
