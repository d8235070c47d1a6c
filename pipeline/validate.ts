// Every record is checked against its JSON Schema; each failure becomes an Issue naming the field,
// the value and the rule it broke.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Issue } from './issues.ts';

function reason(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${String(error.params.type).replace(',null', '')}`;
    case 'format':
      return error.params.format === 'date' ? 'must be a date written YYYY-MM-DD' : `must be a ${error.params.format}`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'required':
      return 'is missing';
    default:
      return error.message ?? error.keyword;
  }
}

/** The problems of one record; `where` says where the record came from. */
export function recordIssues(validate: ValidateFunction, record: Record<string, unknown>, where: Pick<Issue, 'file' | 'line' | 'record'>): Issue[] {
  if (validate(record)) return [];
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const field = error.keyword === 'required' ? String(error.params.missingProperty) : (error.instancePath.split('/')[1] ?? '');
    // A value can break several rules of its field (its type and its enum): the first one is reported.
    if (seen.has(field)) continue;
    seen.add(field);
    issues.push({ ...where, field, value: error.keyword === 'required' ? undefined : record[field], reason: reason(error) });
  }
  return issues;
}
