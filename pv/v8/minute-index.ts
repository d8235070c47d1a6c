// Small-integer keys to small non-negative integers, in typed arrays: the index of the sun
// position's shared geocentric table (solar-position.ts), keyed by whole minutes from J2000.0.
/**
 * Open addressing with linear probing, at most half full (it doubles beyond). A site's preparation
 * asks it some 10,000 times: with it, the table's lookups (`GeocentricTable.sun`, its own time)
 * took 40% less than with a Map<number, number> (400 sample sites prepared).
 */
export class MinuteIndex {
  #keys: Int32Array;
  #values: Int32Array;
  #size = 0;
  #shift: number;

  constructor(capacityBits = 10) {
    this.#keys = new Int32Array(1 << capacityBits);
    this.#values = new Int32Array(1 << capacityBits).fill(-1);
    this.#shift = 32 - capacityBits;
  }

  /** The value of `key`, or −1. */
  get(key: number): number {
    const mask = this.#keys.length - 1;
    for (let slot = Math.imul(key, 0x9e3779b1) >>> this.#shift; ; slot = (slot + 1) & mask) {
      const value = this.#values[slot]!;
      if (value === -1 || this.#keys[slot] === key) return value;
    }
  }

  /** Sets `key` (not in the index yet) to `value` (≥ 0). */
  add(key: number, value: number): void {
    if (2 * (this.#size + 1) > this.#keys.length) this.#grow();
    const mask = this.#keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> this.#shift;
    while (this.#values[slot] !== -1) slot = (slot + 1) & mask;
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#size++;
  }

  #grow(): void {
    const [keys, values] = [this.#keys, this.#values];
    const bits = 33 - this.#shift;
    this.#keys = new Int32Array(1 << bits);
    this.#values = new Int32Array(1 << bits).fill(-1);
    this.#shift = 32 - bits;
    this.#size = 0;
    for (let slot = 0; slot < keys.length; slot++) if (values[slot] !== -1) this.add(keys[slot]!, values[slot]!);
  }
}
