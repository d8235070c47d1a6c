// The parameters of a POST: a form (application/x-www-form-urlencoded, as the documentation says)
// or a JSON object, read after the gateway and merged with the query string. A name given in both
// is given more than once (the 422 of a repeated parameter), never silently one of the two. What
// cannot be read is a BodyProblem for the endpoint to word, in the format asked for.
import express, { type NextFunction, type Request, type Response } from 'express';
import type { RawQuery } from './params.ts';

/**
 * Bodies up to 128 KB: a route of the most points nearby-route takes (1,000), each coordinate
 * with 15 decimals, is about 45 KB once form-encoded.
 */
const BODY_LIMIT_BYTES = 128 * 1024;

export type BodyProblem =
  | { kind: 'too-large'; limitBytes: number }
  | { kind: 'malformed'; type: 'form' | 'json'; detail: string }
  | { kind: 'unsupported'; contentType: string }
  | { kind: 'not-an-object' }
  | { kind: 'value'; param: string };

const form = express.urlencoded({ extended: false, limit: BODY_LIMIT_BYTES });
const json = express.json({ limit: BODY_LIMIT_BYTES, strict: false });

/** A JSON value as parameter text: numbers and booleans as written, an array of them as a comma list. */
function parameterText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item))) return value.join(',');
  return undefined;
}

function bodyParameters(req: Request): { parameters: RawQuery } | { problem: BodyProblem } {
  const body: unknown = req.body;
  if (body === undefined) return { parameters: {} };
  if (req.is('json')) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return { problem: { kind: 'not-an-object' } };
    const parameters: RawQuery = Object.create(null);
    for (const [param, value] of Object.entries(body)) {
      const text = parameterText(value);
      if (text === undefined) return { problem: { kind: 'value', param } };
      parameters[param] = text;
    }
    return { parameters };
  }
  return { parameters: body as RawQuery };
}

/** The query string and the body's parameters as one; a name in both becomes a repeated parameter. */
function mergeParameters(query: RawQuery, body: RawQuery): RawQuery {
  const merged: RawQuery = Object.assign(Object.create(null), query);
  for (const [param, value] of Object.entries(body)) merged[param] = param in merged ? [merged[param], value].flat() : value;
  return merged;
}

function problemOf(error: { type?: string; status?: number; message?: string }, req: Request): BodyProblem {
  if (error.type === 'entity.too.large' || error.type === 'parameters.too.many') return { kind: 'too-large', limitBytes: BODY_LIMIT_BYTES };
  if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') return { kind: 'unsupported', contentType: req.get('content-type') ?? '' };
  return { kind: 'malformed', type: req.is('json') ? 'json' : 'form', detail: error.message ?? '' };
}

/** Reads a POST's parameters into `res.locals.parameters`, or its problem into `res.locals.bodyProblem`. */
export function readParameterBody(req: Request, res: Response, next: NextFunction): void {
  const done = (error?: unknown) => {
    if (error) res.locals.bodyProblem = problemOf(error as { type?: string }, req);
    else if (req.is(['urlencoded', 'json']) === false) res.locals.bodyProblem = { kind: 'unsupported', contentType: req.get('content-type') ?? '' };
    else {
      const read = bodyParameters(req);
      if ('problem' in read) res.locals.bodyProblem = read.problem;
      else res.locals.parameters = mergeParameters(req.query as RawQuery, read.parameters);
    }
    next();
  };
  form(req, res, (error?: unknown) => (error ? done(error) : json(req, res, done)));
}
