/**
 * What the two models' inputs have in common (docs/pv-model.md §3): the array types, and ssc's
 * input checks with its wording of their failures (`compute_module::check_required`,
 * `check_constraints`), whose numbers it prints with C's `%g`.
 */

/** The `array_type` input (docs/pv-model.md §3.1). */
export const ArrayType = { fixedOpenRack: 0, fixedRoofMount: 1, oneAxis: 2, oneAxisBacktracking: 3, twoAxis: 4 } as const;

/** A constraint of ssc's variable table: MIN=a, MAX=b (both inclusive), POSITIVE, INTEGER. */
export type Constraint = { kind: 'min' | 'max'; bound: number } | { kind: 'positive' } | { kind: 'integer' };

export const min = (bound: number): Constraint => ({ kind: 'min', bound });
export const max = (bound: number): Constraint => ({ kind: 'max', bound });
export const POSITIVE: Constraint = { kind: 'positive' };
export const INTEGER: Constraint = { kind: 'integer' };

/** ssc's message for a required input that is absent. */
export function requiredInputMessage(name: string): string {
  return `precheck input: variable '${name}' required but not assigned`;
}

/**
 * ssc's message when `value` breaks `constraint`, or null. `numberType` is ssc's number type at
 * the model's tag: single precision for v5 (`Math.fround`: bounds and integers are compared as
 * floats), double for v8 (the identity).
 */
export function constraintFailure(name: string, value: number, constraint: Constraint, numberType: (x: number) => number): string | null {
  switch (constraint.kind) {
    case 'min':
      return value < numberType(constraint.bound) ? `fail(${name}, min=${formatG(constraint.bound)}): ${formatG(value)}` : null;
    case 'max':
      return value > numberType(constraint.bound) ? `fail(${name}, max=${formatG(constraint.bound)}): ${formatG(value)}` : null;
    case 'positive':
      return value <= 0 ? `fail(${name}, positive): ${formatG(value)}` : null;
    case 'integer':
      return numberType(Math.trunc(value)) !== value ? `fail(${name}, integer): number could not be interpreted as an integer: ${formatG(value)}` : null;
  }
}

/** C printf `%g`: 6 significant digits, trailing zeros removed, exponent form outside 1e-4..1e6. */
export function formatG(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const exponent = Math.floor(Math.log10(Math.abs(Number(value.toPrecision(6)))));
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power] = value.toExponential(5).split('e') as [string, string];
    const trimmed = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
    const sign = power.startsWith('-') ? '-' : '+';
    const digits = power.replace(/^[+-]/, '').padStart(2, '0');
    return `${trimmed}e${sign}${digits}`;
  }
  const fixed = value.toFixed(Math.max(0, 5 - exponent));
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}
