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
    } else {
      const expected = expectedOf(issue);
      if (expected !== undefined) out.expected = expected;
      if ('input' in issue && issue.input !== undefined) out.received = describeReceived(issue.input);
    }
    return out;
  });
}

/**
 * What the rule wanted, for the codes where that has a meaning: bounds
 * (">=1", "length <=300", "size >=1"), allowed values, a format, a divisor.
 * Unknown keys and custom refinements say it in their message only.
 */
function expectedOf(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'too_small':
    case 'too_big': {
      const op = issue.code === 'too_small' ? (issue.inclusive === false ? '>' : '>=') : issue.inclusive === false ? '<' : '<=';
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const value = String(bound);
      const what = issue.origin === 'string' ? 'length ' : issue.origin === 'array' || issue.origin === 'set' ? 'size ' : '';
      return `${what}${op}${value}`;
    }
    case 'invalid_value':
      return issue.values.map((v) => JSON.stringify(v)).join('|');
    case 'invalid_format':
      return 'pattern' in issue && typeof issue.pattern === 'string' ? `${issue.format} ${issue.pattern}` : issue.format;
    case 'not_multiple_of':
      return `multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

export function validationErrorBody(issues: ValidationIssue[]): ValidationErrorBody {
  return { success: false, error: { issues, name: 'ZodError' } };
}

/** One line an agent can act on: "count: Too big: expected number to be <=100". */
export function summarizeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`).join('; ');
}
