// Checks a real HTTP answer against the OpenAPI document: the status is documented for the path,
// the media type for that status, every required header is there, and the body is what the media
// type's schema says (JSON and GeoJSON against their JSON Schema; JSONP's JSON likewise; XML
// well-formed; CSV a rectangular table, or the NSRDB file's two). The tests use it on every documented path.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse as parseCsv } from 'csv-parse/sync';
import { convert } from 'xmlbuilder2';
import { kmlProblem, nsrdbFileProblem } from '../hostile/checks.ts';

type Json = { [key: string]: any };

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

function pointer(document: Json, ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, token) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

function deref(document: Json, node: any): any {
  while (node && typeof node.$ref === 'string') node = pointer(document, node.$ref);
  return node;
}

export class DocumentChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: 'https://contract.invalid/openapi.json', components: { schemas: document.components.schemas } });
  }

  /** A validator of a schema of the document, its `#/components/…` references resolved in the document. */
  validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      // Every $ref of the document is local (#/components/…): rebase them onto the document's id.
      const rebased = JSON.parse(key.replace(/"\$ref":"#\//g, '"$ref":"https://contract.invalid/openapi.json#/')) as Json;
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** The documented response of a path for a status (`default` when the status is not listed). */
  response(path: string, status: number): Json | undefined {
    const operation = this.document.paths[path]?.get;
    if (!operation) return undefined;
    return deref(this.document, operation.responses[String(status)] ?? operation.responses.default);
  }

  /** Every way the answer departs from the document; empty when it conforms. */
  problems(path: string, answer: Answer): string[] {
    const problems: string[] = [];
    const response = this.response(path, answer.status);
    if (!this.document.paths[path]) return [`${path} is not documented`];
    if (!response) return [`${path}: status ${answer.status} is not documented`];

    for (const [name, reference] of Object.entries<Json>(response.headers ?? {})) {
      const header = deref(this.document, reference);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${path} ${answer.status}: header ${name} is missing`);
        continue;
      }
      const validate = this.validator(header.schema ?? {});
      const typed = header.schema?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (!validate(typed)) problems.push(`${path} ${answer.status}: header ${name}: ${value} ${this.ajv.errorsText(validate.errors)}`);
    }

    const content = response.content as Json | undefined;
    if (!content) {
      if (answer.body !== '') problems.push(`${path} ${answer.status}: a body where none is documented`);
      return problems;
    }
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const media = content[mediaType];
    if (!media) return [...problems, `${path} ${answer.status}: media type ${mediaType} is not documented (only ${Object.keys(content).join(', ')})`];
    const options: Json[] = media.schema?.anyOf ?? [media.schema ?? {}];
    const failures = options.map((schema) => this.bodyProblem(mediaType, schema, answer.body));
    if (failures.every((failure) => failure !== undefined)) problems.push(`${path} ${answer.status} ${mediaType}: ${failures.join(' | ')}`);
    return problems;
  }

  private jsonProblem(schema: Json, text: string): string | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return `not JSON: ${(error as Error).message}`;
    }
    const validate = this.validator(schema);
    return validate(value) ? undefined : this.ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 2000);
  }

  private bodyProblem(mediaType: string, schema: Json, body: string): string | undefined {
    if (schema.type !== 'string') return this.jsonProblem(schema, body);
    const equivalent = typeof schema['x-json-equivalent'] === 'string' ? { $ref: schema['x-json-equivalent'] } : undefined;
    switch (mediaType) {
      case 'application/javascript': {
        const match = /^([A-Za-z_$][A-Za-z0-9_$.]{0,63})\(([\s\S]*)\);$/.exec(body);
        if (!match) return 'not callback(<JSON>);';
        return equivalent ? this.jsonProblem(equivalent, match[2]) : undefined;
      }
      case 'application/xml':
      case 'text/xml':
        try {
          convert(body, { format: 'object' });
          return undefined;
        } catch (error) {
          return `not well-formed XML: ${(error as Error).message}`;
        }
      case 'text/csv':
        // ragged: the NSRDB file, two strict CSV documents one after the other
        if (schema['x-csv-ragged'] === true) {
          const problem = nsrdbFileProblem(body);
          return problem && `${problem.cause}${problem.detail ? `: ${problem.detail}` : ''}`;
        }
        try {
          const rows = parseCsv(body) as string[][];
          return rows.length >= 1 ? undefined : 'an empty CSV';
        } catch (error) {
          return `not CSV: ${(error as Error).message}`;
        }
      case 'application/vnd.google-earth.kml+xml': {
        const problem = kmlProblem(body);
        return problem && `${problem.cause}: ${problem.detail}`;
      }
      case 'text/html':
        return /<html[\s>]/i.test(body) ? undefined : 'not HTML';
      default:
        return typeof body === 'string' ? undefined : 'not text';
    }
  }
}
