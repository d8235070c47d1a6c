// A reader of the Prometheus text exposition format (version 0.0.4: `# HELP`, `# TYPE`, and one
// sample a line, `name{label="value",…} value [timestamp]`, label values escaping \\, \" and \n),
// written from the format's description rather than taken from prom-client, which writes it: the
// tests check what a scraper would read. (The npm parser that exists merges a histogram's labelled
// series into one.)

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusText {
  /** Each family's type, by its name. */
  types: Map<string, string>;
  samples: PrometheusSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/y;

function unescapedLabel(value: string): string {
  return value.replace(/\\(.)/g, (_, character: string) => (character === 'n' ? '\n' : character));
}

function numberOf(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/** The families' types and every sample; throws on a line that is none of the format's. */
export function parsePrometheusText(text: string): PrometheusText {
  const types = new Map<string, string>();
  const samples: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      else if (!line.startsWith('# HELP ')) throw new Error(`not a comment of the format: ${line}`);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    const list = sample[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < list.length) {
      const label = LABEL.exec(list);
      if (!label) throw new Error(`bad labels: ${line}`);
      labels[label[1]!] = unescapedLabel(label[2]!);
    }
    samples.push({ name: sample[1]!, labels, value: numberOf(sample[3]!) });
  }
  return { types, samples };
}

/** The value of the one sample named `name` whose labels include `labels`; 0 when there is none. */
export function sampleValue(text: PrometheusText, name: string, labels: Record<string, string> = {}): number {
  const found = text.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
