import { z } from 'zod';

/** One issue of the spec's validation error body (section 7). */
export interface ValidationIssue {
  code: string;
  expected?: string;
  received?: string;
  path: string[];
  message: string;
}

export interface ValidationErrorBody {
  success: false;
  error: { issues: ValidationIssue[]; name: string };
}

/** Describes a value the way the spec's `received` field does (zod 3 wording). */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

/** Missing required fields read "Required", as the spec's E12 example shows. */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  return undefined;
};

export type SafeParse<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

/** Parses with the spec's wording and returns issues already in the body shape. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): SafeParse<z.output<S>> {
  const result = schema.safeParse(value, { error: errorMap, reportInput: true });
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: toIssues(result.error) };
}

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const out: ValidationIssue = {
      code: issue.code,
      path: issue.path.map((p) => String(p)),
      message: issue.message,
    };
    if (issue.code === 'invalid_type') {
      out.expected = issue.expected;
      out.received = describeReceived(issue.input);
    } else if ('input' in issue && issue.input !== undefined) {
      out.received = describeReceived(issue.input);
    }
    return out;
  });
}

export function validationErrorBody(issues: ValidationIssue[]): ValidationErrorBody {
  return { success: false, error: { issues, name: 'ZodError' } };
}

/** One line an agent can act on: "count: Too big: expected number to be <=100". */
export function summarizeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`).join('; ');
}
