// SQL text assembled by the stores, and the values that go with it. A value from a request enters a
// statement in one of two ways, and only these:
// - `bind` it: a parameter ($1, $2, …), never part of the text. Text (codes, names, lists) is
//   always bound. (The nearest fuel-station search binds its values into an INSERT of a request
//   row, which its statement reads: database.ts says why.)
// - `number` it: a finite JS number written into the text as a literal, which DuckDB reads back as
//   exactly that number. For numbers that shape the plan (a point, grid cells, a box, a page):
//   DuckDB plans a statement without its parameters' values, so a bound `cell IN ($1, $2)` cannot
//   use a cell index, where literals let it.
//   Nothing but a number can reach the text this way.
// Everything else in the text is the stores' own.
import type { Param } from './database.ts';

/**
 * A finite number as an SQL literal that DuckDB reads as exactly that number: a safe integer as
 * itself, anything else as the shortest decimal that round-trips, cast from text (a bare decimal
 * like 0.00047758006045602123 is a DECIMAL to DuckDB, whose conversion to DOUBLE can land a bit off).
 */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
  return Number.isSafeInteger(value) ? String(value) : `'${String(value)}'::DOUBLE`;
}

/** `WHERE` and the conditions joined by AND; nothing when there are none. */
export function whereAll(conditions: readonly string[]): string {
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

export class Sql {
  /** The values of $1, $2, … in order. */
  readonly params: Param[] = [];
  private readonly names = new Map<string, number>();

  /** The placeholder of the value named `name`: bound once, however often the text uses it. */
  bind(name: string, param: Param): string {
    let index = this.names.get(name);
    if (index === undefined) {
      this.params.push(param);
      index = this.params.length;
      this.names.set(name, index);
    }
    return `$${index}`;
  }

  /** A number written into the text (sqlNumber). */
  number(value: number): string {
    return sqlNumber(value);
  }
}
