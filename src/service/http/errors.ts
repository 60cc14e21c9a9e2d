import type { Response } from 'express';
import { validationErrorBody, type ValidationIssue } from '../../contract/index.js';

/** The spec's plain error body (section 7): {error, success: false}. */
export function sendError(res: Response, status: number, error: string, headers: Record<string, string> = {}): void {
  res.set(headers).status(status).json({ error, success: false });
}

export function sendValidationError(res: Response, issues: ValidationIssue[]): void {
  res.status(400).json(validationErrorBody(issues));
}

export const UNAUTHORIZED = 'Unauthorized: missing or invalid API key';
export const INTERNAL_ERROR = 'Internal server error';
export const SALES_NAVIGATOR_REQUIRED = 'This feature requires an active Sales Navigator seat on the account';
export const PREMIUM_REQUIRED = 'Insufficient permissions: this feature requires a premium account';
