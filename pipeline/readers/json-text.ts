// JSON sources: JSON.parse, with a syntax error reported at its line. V8's messages give the
// position only for some errors ("Unexpected token 'x', "…" is not valid JSON" has none), so the
// place is found by a scan of the JSON grammar, run only once JSON.parse has failed.
import { SourceFileError } from './source-file.ts';

const WHITESPACE = /[ \t\n\r]*/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON's grammar refuses raw control characters in a string
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** The offset of the first syntax error of a text (its length when it ends too soon), or undefined when it is JSON. */
export function jsonSyntaxErrorOffset(text: string): number | undefined {
  let at = 0;
  const match = (pattern: RegExp) => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const skipWhitespace = () => match(WHITESPACE);
  const expect = (char: string) => {
    skipWhitespace();
    if (text[at] !== char) throw at;
    at++;
  };
  const value = (): void => {
    skipWhitespace();
    const opening = text[at];
    if (opening === '{' || opening === '[') {
      const closing = opening === '{' ? '}' : ']';
      at++;
      skipWhitespace();
      if (text[at] === closing) return void at++;
      for (;;) {
        if (opening === '{') {
          skipWhitespace();
          if (!match(STRING)) throw at;
          expect(':');
        }
        value();
        skipWhitespace();
        if (text[at] !== ',') {
          expect(closing);
          return;
        }
        at++;
      }
    }
    if (!match(STRING) && !match(NUMBER) && !match(LITERAL)) throw at;
  };
  try {
    value();
    skipWhitespace();
    if (at < text.length) throw at;
    return undefined;
  } catch (offset) {
    return offset as number;
  }
}

/** The 1-based line of a character offset (CRLF, LF and a lone CR each end a line). */
function lineOfOffset(text: string, offset: number): number {
  return text.slice(0, offset).split(/\r\n|\r|\n/).length;
}

/** V8's message without its position; its "Unexpected token" messages (which quote the text around) say which character instead. */
function syntaxProblem(error: SyntaxError, text: string, offset: number): string {
  if (!error.message.startsWith('Unexpected token')) return error.message.replace(/ in JSON at position \d+.*$/s, '');
  return offset < text.length ? `Unexpected character ${JSON.stringify(text[offset])}` : 'Unexpected end of the text';
}

/** The parsed document; a syntax error is a SourceFileError naming the file and line. */
export function parseJsonSource(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const offset = jsonSyntaxErrorOffset(text) ?? text.length;
    throw new SourceFileError({
      file,
      line: lineOfOffset(text, offset),
      reason: `not valid JSON: ${syntaxProblem(error as SyntaxError, text, offset)}; nothing of the file is read`,
    });
  }
}
