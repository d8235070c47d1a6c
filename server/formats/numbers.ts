/**
 * A float as the real service prints it (Ruby's Float#to_s and Python's repr agree here): the
 * shortest text that reads back as the same double, with ".0" when it is integral, as in
 * `"tz":-7.0`. Not-a-number and infinities have no JSON form and are written as null.
 */
export function formatFloat(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return Number.isInteger(value) && !text.includes('e') ? `${text}.0` : text;
}

/**
 * A float written with at most `digits` significant digits, then as formatFloat writes it: the
 * PVWatts v8 documentation's JSON prints its doubles so (`321.3271515621691` where the shortest
 * round-trip text is `321.32715156216915`, `-7.0`), as a serializer with a 16-digit precision does.
 */
export function formatFloatDigits(value: number, digits: number): string | null {
  if (!Number.isFinite(value)) return null;
  const shortest = formatFloat(value)!;
  // most values need no rounding: their shortest text has no more digits than that (a year of hourly values is 8,760 of them)
  return significantDigits(shortest) <= digits ? shortest : formatFloat(Number(value.toPrecision(digits)));
}

/** Significant digits of a number's text (an exponent's excluded), or Infinity for exponent forms. */
function significantDigits(text: string): number {
  if (text.includes('e')) return Number.POSITIVE_INFINITY;
  let count = 0;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) continue;
    if (code !== 48) started = true;
    if (started) count++;
  }
  // the ".0" of an integral value is no digit of its own
  return text.endsWith('.0') ? count - 1 : count;
}
