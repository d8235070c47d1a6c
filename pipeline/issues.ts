// What a build found wrong in its sources: every problem with its file, place, field, value and
// reason, and every repair made. Printed as a report; written as the rejects file.

export interface Issue {
  file: string;
  /** 1-based line of the record in a text source (a CSV record's first line). */
  line?: number;
  /** 0-based index of the record in a JSON source. */
  record?: number;
  field?: string;
  value?: unknown;
  reason: string;
  /** The repair `--repair` makes for it, when one is unambiguous. */
  repair?: { value: unknown; how: string };
}

export function describeIssue(issue: Issue): string {
  const place = issue.line !== undefined ? `:${issue.line}` : issue.record !== undefined ? ` record ${issue.record}` : '';
  const field = issue.field ? ` ${issue.field}` : '';
  const value = issue.value !== undefined ? ` = ${JSON.stringify(issue.value)}` : '';
  const repair = issue.repair ? ` (repairable: ${issue.repair.how})` : '';
  return field ? `${issue.file}${place}:${field}${value}: ${issue.reason}${repair}` : `${issue.file}${place}: ${issue.reason}${repair}`;
}

export function describeRepair(issue: Issue): string {
  const place = issue.line !== undefined ? `:${issue.line}` : issue.record !== undefined ? ` record ${issue.record}` : '';
  if (issue.field === undefined) return `${issue.file}${place}: ${issue.reason}: ${issue.repair?.how}`;
  return `${issue.file}${place}: ${issue.field} ${JSON.stringify(issue.value)} -> ${JSON.stringify(issue.repair?.value)} (${issue.repair?.how})`;
}

/** Thrown when a build stops; the last good data set stays as it was. */
export class BuildFailed extends Error {
  constructor(
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
  }
}
