import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { ENDPOINTS, routePath, routes, type AnyEndpoint } from '../../contract/index.js';
import type { KeyStore } from '../accounts/keys.js';
import { INTERNAL_ERROR, UNAUTHORIZED, sendError, sendValidationError } from './errors.js';
import { endpointRoute, type PipelineDeps } from './pipeline.js';

export const BODY_LIMIT = '1mb';

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

  app.use(express.json({ limit: BODY_LIMIT }));

  for (const e of opts.endpoints ?? ENDPOINTS) {
    const handler = endpointRoute(e, opts);
    for (const r of routes(e)) {
      const method = r.method === 'GET' ? 'get' : r.method === 'POST' ? 'post' : 'delete';
      app[method](routePath(r.path), handler);
    }
  }

  for (const [mount, router] of Object.entries(opts.routers ?? {})) app.use(mount, router);

  app.use((req: Request, res: Response) => sendError(res, 404, `Not found: ${req.method} ${req.path}`));

  // express's body parser reports its refusals with a status and a type.
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err as { status?: number; type?: string; message?: string };
    if (e.type === 'entity.too.large') return sendError(res, 413, `Request body too large: the limit is ${BODY_LIMIT}`);
    if (e.type === 'entity.parse.failed') {
      return sendValidationError(res, [{ code: 'invalid_json', path: [], message: `Malformed JSON body: ${e.message ?? 'parse error'}` }]);
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return sendError(res, e.status, e.message ?? 'Bad request');
    opts.logger.error({ err: e.message }, 'unhandled error');
    sendError(res, 500, INTERNAL_ERROR);
  });

  return app;
}
