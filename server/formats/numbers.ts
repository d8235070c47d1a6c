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
