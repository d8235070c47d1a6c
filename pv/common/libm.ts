/**
 * C's math library as the models need it. Elementary functions the PV models call per record,
 * faster than V8's `Math` (whose calls are not inlined and are a chain of 20–45 ns each) and within
 * an ulp or two of it: glibc's `exp` (v8's solvers need glibc's exact doubles) and x^p for an
 * exponent fixed in advance (`FixedPower`, v5's cell temperature). And C's `fmax`, `fmin` and
 * `round`, whose NaN and half-way rules differ from `Math.max`, `Math.min` and `Math.round`
 * (docs/pv-model.md §2; why the speed matters, docs/pv-model.md §18).
 */

/** C `fmax`: a NaN argument yields the other. */
export function fmax(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a > b ? a : b;
}

/** C `fmin`: a NaN argument yields the other. */
export function fmin(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a < b ? a : b;
}

/** C `round`: halves away from zero (`Math.round` takes them up). */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** A double's two 32-bit words (the low one first on little-endian machines). */
const DOUBLE = new Float64Array(1);
const DOUBLE_WORDS = new Int32Array(DOUBLE.buffer);
const LOW_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH_WORD = 1 - LOW_WORD;

/**
 * e^x as glibc computes it (`exp` of glibc ≥ 2.28, the algorithm of Szabolcs Nagy in Arm's
 * optimized-routines): x = (k + r·N/ln 2)·ln 2/N with N = 128, e^x = 2^(k/N)·e^r, 2^(k/N) from a
 * table as H·(1 + T) (H the double nearest 2^(j/N), T the relative remainder) and e^r − 1 from a
 * degree-5 polynomial; error 0.51 ulp. ssc's solvers run on glibc's exp: this one returns glibc's
 * double for 99.9% of arguments (V8's Math.exp, a port of fdlibm's, for 90%), and being inlined it
 * is twice as fast. Arguments beyond ±500 (and NaN) go to Math.exp.
 */
const EXP_TABLE_SIZE = 128;
/** H_j and T_j, j = 0…127, from 2^(1/128) in double-double arithmetic (seven square roots of 2). */
const EXP_HIGH = new Float64Array(EXP_TABLE_SIZE);
const EXP_TAIL = new Float64Array(EXP_TABLE_SIZE);
/** 2^e for e in [−1100, 1099], exact. */
const EXP_SCALE = new Float64Array(2200);
// glibc's constants: N/ln 2, −ln 2/N in two parts, the rounding shift 1.5·2^52 and the polynomial
const EXP_INV_LN2_N = 0x171547652b82fe * 2 ** -52 * EXP_TABLE_SIZE;
const EXP_NEG_LN2_HI_N = -0x162e42fefa0000 * 2 ** -60;
const EXP_NEG_LN2_LO_N = -0x1cf79abc9e3b3a * 2 ** -99;
const EXP_SHIFT = 0x18000000000000;
const EXP_C2 = 0x1ffffffffffdbd * 2 ** -54;
const EXP_C3 = 0x1555555555543c * 2 ** -55;
const EXP_C4 = 0x155555cf172b91 * 2 ** -57;
const EXP_C5 = 0x11111167a4d017 * 2 ** -59;
{
  // double-double a·b and √a (Dekker 1971), enough for 2^(j/128) to ~1e-31
  const split = (a: number): [number, number] => {
    const t = 134217729 * a;
    const high = t - (t - a);
    return [high, a - high];
  };
  const normalize = (a: number, b: number): [number, number] => {
    const sum = a + b;
    return [sum, b - (sum - a)];
  };
  const multiply = (x: [number, number], y: [number, number]): [number, number] => {
    const product = x[0] * y[0];
    const [xh, xl] = split(x[0]);
    const [yh, yl] = split(y[0]);
    const error = xh * yh - product + xh * yl + xl * yh + xl * yl;
    return normalize(product, error + (x[0] * y[1] + x[1] * y[0]));
  };
  const squareRoot = (x: [number, number]): [number, number] => {
    const root = Math.sqrt(x[0]);
    const [rh, rl] = split(root);
    const square = root * root;
    const error = rh * rh - square + 2 * rh * rl + rl * rl;
    return normalize(root, (x[0] - square - error + x[1]) / (2 * root));
  };
  let step: [number, number] = [2, 0];
  for (let i = 0; i < 7; i++) step = squareRoot(step);
  for (let j = 0; j < EXP_TABLE_SIZE; j++) {
    let power: [number, number] = [1, 0];
    let base = step;
    for (let n = j; n > 0; n >>= 1) {
      if (n & 1) power = multiply(power, base);
      base = multiply(base, base);
    }
    EXP_HIGH[j] = power[0];
    EXP_TAIL[j] = power[1] / power[0];
  }
  for (let e = 0; e < 2200; e++) EXP_SCALE[e] = 2 ** (e - 1100);
}

/** e^x, glibc's way (above). */
export function exp(x: number): number {
  if (!(Math.abs(x) <= 500)) return Math.exp(x);
  let kd = EXP_INV_LN2_N * x + EXP_SHIFT;
  // the rounded k is read from the low 32 bits of k + 1.5·2^52
  DOUBLE[0] = kd;
  const k = DOUBLE_WORDS[LOW_WORD]!;
  kd -= EXP_SHIFT;
  const r = x + kd * EXP_NEG_LN2_HI_N + kd * EXP_NEG_LN2_LO_N;
  const j = k & (EXP_TABLE_SIZE - 1);
  const r2 = r * r;
  const tail = EXP_TAIL[j]! + r + r2 * (EXP_C2 + r * EXP_C3) + r2 * r2 * (EXP_C4 + r * EXP_C5);
  const scale = EXP_HIGH[j]! * EXP_SCALE[(k >> 7) + 1100]!;
  return scale + scale * tail;
}

/** x^p is taken from its tables for x from 2^−128 to 2^129 (the rest, 0, negatives and NaN go to Math.pow). */
const POWER_MAX_BINADE = 128;
/** The mantissa m ∈ [1, 2) falls in one of 2^8 buckets of centre c, so m = c·(1 + r) with |r| ≤ 1/513. */
const POWER_BUCKET_BITS = 8;
const POWER_BUCKETS = 1 << POWER_BUCKET_BITS;
const POWER_BUCKET_CENTER = Float64Array.from({ length: POWER_BUCKETS }, (_, i) => 1 + (i + 0.5) / POWER_BUCKETS);
/** 2^−k per binade k and 1/c per bucket: x·2^−k·(1/c) is 1 + r. */
const POWER_DOWN_SCALE = Float64Array.from({ length: 2 * POWER_MAX_BINADE + 1 }, (_, i) => 2 ** -(i - POWER_MAX_BINADE));
const POWER_OVER_BUCKET_CENTER = POWER_BUCKET_CENTER.map((center) => 1 / center);

/**
 * x^p for one exponent p chosen in advance. With x = 2^k·m and m = c·(1 + r) as above,
 * x^p = 2^(k·p) · c^p · (1 + r)^p: the first two factors from tables made once per exponent, the last
 * from its binomial series to r^5 (the next term is below 6e-17 for |p| ≤ 1). Within 3·2^−52 of
 * Math.pow relative (1 to 2 ulp), at about 20 ns of latency where exp(p·log x) with Math takes 48.
 *
 * `of` is kept small (about 200 bytes of bytecode, the binade's bias and the bucket's bits written
 * out) so that V8 inlines four of them into one function: a call that is not inlined boxes its
 * double argument and result.
 */
export class FixedPower {
  readonly exponent: number;
  /** 2^(k·p) for k from −POWER_MAX_BINADE, and c^p per bucket. */
  private readonly ofBinade: Float64Array;
  private readonly ofBucketCenter: Float64Array;
  private readonly downScale = POWER_DOWN_SCALE;
  private readonly overBucketCenter = POWER_OVER_BUCKET_CENTER;
  /** The binomial coefficients (p over n), n = 1…5. */
  private readonly c1: number;
  private readonly c2: number;
  private readonly c3: number;
  private readonly c4: number;
  private readonly c5: number;

  constructor(exponent: number) {
    this.exponent = exponent;
    this.ofBinade = Float64Array.from({ length: 2 * POWER_MAX_BINADE + 1 }, (_, i) => twoToThePower(i - POWER_MAX_BINADE, exponent));
    this.ofBucketCenter = POWER_BUCKET_CENTER.map((center) => center ** exponent);
    const binomial = [1];
    for (let n = 1; n <= 5; n++) binomial.push((binomial[n - 1]! * (exponent - n + 1)) / n);
    this.c1 = binomial[1]!;
    this.c2 = binomial[2]!;
    this.c3 = binomial[3]!;
    this.c4 = binomial[4]!;
    this.c5 = binomial[5]!;
  }

  /** x^p. */
  of(x: number): number {
    DOUBLE[0] = x;
    const high = DOUBLE_WORDS[HIGH_WORD]!;
    // k + POWER_MAX_BINADE from the biased exponent (beyond the tables for negatives and NaN)
    const binade = (high >>> 20) - 895;
    if (binade >>> 0 > 256) return Math.pow(x, this.exponent);
    // the top POWER_BUCKET_BITS bits of the mantissa
    const bucket = (high >> 12) & 255;
    const r = x * this.downScale[binade]! * this.overBucketCenter[bucket]! - 1;
    const scale = this.ofBinade[binade]! * this.ofBucketCenter[bucket]!;
    return scale + scale * r * (this.c1 + r * (this.c2 + r * (this.c3 + r * (this.c4 + r * this.c5))));
  }
}

/** 2^(k·p) for an integer k, with k·p's rounding error carried (k·p = high + low, Dekker's split of p). */
function twoToThePower(k: number, p: number): number {
  const t = 134217729 * p;
  const pHigh = t - (t - p);
  const high = k * p;
  const low = k * pHigh - high + k * (p - pHigh);
  return 2 ** high * (1 + low * Math.LN2);
}
