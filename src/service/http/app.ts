import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { ENDPOINTS, routePath, routes, type AnyEndpoint } from '../../contract/index.js';
import type { KeyStore } from '../accounts/keys.js';
import { INTERNAL_ERROR, UNAUTHORIZED, sendError, sendValidationError } from './errors.js';
import { endpointRoute, type PipelineDeps } from './pipeline.js';

export const BODY_LIMIT = '1mb';
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions extends PipelineDeps {
  keys: KeyStore;
  endpoints?: readonly AnyEndpoint[];
  /** Extra routers mounted after authentication (webhook settings). */
  routers?: Record<string, Router>;
}

function bearer(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The embedded service's HTTP face: every contract entry at its spec path. */
export function createApp(opts: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');

  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token) return sendError(res, 401, UNAUTHORIZED);
    opts.keys.verify(token).then(
      (principal) => {
        if (!principal) return sendError(res, 401, UNAUTHORIZED);
        res.locals.userId = principal.userId;
        res.locals.keyId = principal.keyId;
        next();
      },
      next,
    );
  });

  // A declared length over the limit is refused at once: the body parser would first drain it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (Number(req.get('content-length')) > BODY_LIMIT_BYTES) {
      res.set('connection', 'close');
      return sendError(res, 413, `Request body too large: the limit is ${BODY_LIMIT}`);
    }
    next();
  });
  app.use(express.json({ limit: BODY_LIMIT }));

  // Which methods each path answers, for a 405 that names them.
  const known: Array<{ pattern: RegExp; method: string }> = [];
  for (const e of opts.endpoints ?? ENDPOINTS) {
    const handler = endpointRoute(e, opts);
    for (const r of routes(e)) {
      const method = r.method === 'GET' ? 'get' : r.method === 'POST' ? 'post' : 'delete';
      app[method](routePath(r.path), handler);
      known.push({ pattern: pathPattern(r.path), method: r.method });
    }
  }

  for (const [mount, router] of Object.entries(opts.routers ?? {})) app.use(mount, router);

  app.use((req: Request, res: Response) => {
    const allowed = [...new Set(known.filter((k) => k.pattern.test(req.path)).map((k) => k.method))];
    if (allowed.length === 0) return sendError(res, 404, `Not found: ${req.method} ${req.path}`);
    if (allowed.includes('GET')) allowed.push('HEAD');
    sendError(res, 405, `Method ${req.method} not allowed on ${req.path}: use ${allowed.join(', ')}`, { allow: allowed.join(', ') });
  });

  // express's body parser reports its refusals with a status and a type.
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err as { status?: number; type?: string; message?: string };
    if (e.type === 'entity.too.large') return sendError(res, 413, `Request body too large: the limit is ${BODY_LIMIT}`);
    if (e.type === 'entity.parse.failed') {
      return sendValidationError(res, [{ code: 'invalid_json', path: [], message: malformedJsonMessage(e.message) }]);
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return sendError(res, e.status, clientErrorMessage(e));
    // The error's name only: a message may quote request data.
    opts.logger.error({ err: err instanceof Error ? err.name : typeof err }, 'unhandled error');
    sendError(res, 500, INTERNAL_ERROR);
  });

  return app;
}

/**
 * The parser's message without the slice of the body V8 quotes into it
 * (`Unexpected token 'x', "...body..." is not valid JSON`): only the position.
 */
export function malformedJsonMessage(parserMessage: string | undefined): string {
  const position = /at position (\d+)/.exec(parserMessage ?? '')?.[1];
  return `Malformed JSON body${position !== undefined ? ` (at position ${position})` : ''}: send one JSON object`;
}

/** express's 4xx refusals (bad encoding, charset, aborted body, bad URL) in our words. */
function clientErrorMessage(e: { status?: number; type?: string; message?: string }): string {
  switch (e.type) {
    case 'encoding.unsupported':
      return 'Unsupported Content-Encoding: send the body uncompressed (identity), gzip, deflate or br';
    case 'charset.unsupported':
      return 'Unsupported charset: send the body as UTF-8';
    case 'request.aborted':
      return 'Request aborted before the body was complete';
    case 'request.size.invalid':
      return 'Request body length does not match Content-Length';
    default:
      if (e.status === 400 && /decode param/i.test(e.message ?? '')) return 'Malformed percent-encoding in the URL path';
      if (e.status === 400 && /incorrect header check|unexpected end of file|invalid (block|stored|distance)/i.test(e.message ?? '')) {
        return 'Request body could not be decompressed as its Content-Encoding says';
      }
      return e.status === 415 ? 'Unsupported media type' : 'Bad request';
  }
}

/** A spec path as a whole-path pattern: each {param} is one non-empty segment. */
function pathPattern(specPath: string): RegExp {
  const source = specPath
    .split(/\{[A-Za-z0-9_]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`);
}
