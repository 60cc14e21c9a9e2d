import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  parseJSONRPCMessage,
  type AuthInfo,
  type McpServer,
  type ServerEventBus,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import type { Logger } from '../util/logger.js';
import { SessionEventStore } from './event-store.js';
import type { ServerUse } from './server.js';

/**
 * MCP over HTTP, both protocol eras at /mcp:
 * - 2026-07-28 requests (per-request `_meta` envelope) go to the SDK's
 *   stateless handler: any replica answers any request, listen streams are fed
 *   by a shared event bus.
 * - 2025-era requests go to sessionful Streamable HTTP (elicitation,
 *   resource subscriptions, resumability through a per-session event store).
 * The older HTTP+SSE transport stays at /sse + /messages for old clients.
 *
 * Loopback by default with DNS-rebinding protection (Host and Origin checks);
 * a bearer token is required whenever the server binds to anything but
 * loopback, and is checked before any body is read. Every error is a JSON-RPC
 * JSON body; no request body reaches a log.
 */

export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'] as const;
/** Host header names (as URL.hostname renders them) that reach a loopback server. */
const LOOPBACK_HOSTNAMES = ['127.0.0.1', 'localhost', '[::1]'];

export const DEFAULT_MAX_SESSIONS = 200;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** Largest JSON body /mcp and /messages accept (the SDK's own default). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpServerOptions {
  host?: string;
  port?: number;
  /** Required for non-loopback hosts. */
  authToken?: string;
  /** Extra Host/Origin hostnames to accept (e.g. a DNS name in front of the server). */
  allowedHosts?: readonly string[];
  /** A server instance for one 2025 session or one 2026 request. */
  createServer: (use: ServerUse) => McpServer;
  /** Carries 2026 change notifications to listen streams; shared (Redis) across replicas. */
  bus?: ServerEventBus;
  /** Called once with the 2026 handler's notifier (to publish resource changes); may return a stop function. */
  onNotifier?: (notify: ServerNotifier) => (() => void) | void;
  /** Most open 2025-era sessions (Streamable HTTP and SSE together); over it a new one gets 503. */
  maxSessions?: number;
  /** A 2025 session with no request and no open stream for this long is closed. */
  sessionIdleMs?: number;
  now?: () => number;
  logger?: Logger;
}

export interface RunningHttpServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Open sessions across both 2025-era transports. */
  sessionCount(): number;
  /** Closes sessions idle past the timeout now (also runs on a timer); returns how many. */
  reapIdle(): Promise<number>;
  close(): Promise<void>;
}

export function isLoopbackHost(host: string): boolean {
  return (LOOPBACK_HOSTS as readonly string[]).includes(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function jsonRpcError(res: Response, status: number, message: string, code = -32000, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).set(headers).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** A hostname from a header, or undefined when it does not parse. */
function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** DNS-rebinding protection: the Host header must name this server. */
function hostValidation(allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const hostHeader = req.headers.host;
    const hostname = hostHeader ? hostnameOf(`http://${hostHeader}`) : undefined;
    if (hostname && allowed.includes(hostname)) return next();
    jsonRpcError(res, 403, hostname ? `Invalid Host: ${hostname}` : 'Missing or invalid Host header');
  };
}

/** Browsers send Origin; a page from another site must not drive a local server. */
function originValidation(allowed: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const hostname = hostnameOf(origin);
    if (hostname === undefined) return jsonRpcError(res, 403, 'Invalid Origin header');
    const hostHeader = req.headers.host;
    const sameHost = hostHeader !== undefined && hostnameOf(`http://${hostHeader}`) === hostname;
    if (allowed.includes(hostname) || sameHost) return next();
    jsonRpcError(res, 403, `Origin not allowed: ${origin.slice(0, 200)}`);
  };
}

/** Bearer token check, before any body is read; the token never appears in an answer or a log. */
function staticTokenAuth(token: string): RequestHandler {
  const expected = Buffer.from(token);
  return (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (.+)$/i.exec(header);
    const given = match ? Buffer.from(match[1] as string) : undefined;
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const error = given ? 'invalid_token' : 'invalid_request';
      const message = given ? 'Invalid bearer token' : 'Missing bearer token: send Authorization: Bearer <token>';
      return jsonRpcError(res, 401, message, -32001, { 'WWW-Authenticate': `Bearer error="${error}", error_description="${message}"` });
    }
    const auth: AuthInfo = { token: match![1] as string, clientId: 'outreach-mcp', scopes: [] };
    (req as Request & { auth?: AuthInfo }).auth = auth;
    next();
  };
}

/** Body-parser and other errors as JSON-RPC answers; never the body, never a stack. */
function jsonErrors(log: Logger | undefined): express.ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const e = err as { type?: string; status?: number };
    if (e.type === 'entity.parse.failed') return jsonRpcError(res, 400, 'Parse error: the request body is not valid JSON', -32700);
    if (e.type === 'entity.too.large') return jsonRpcError(res, 413, `Request body too large (limit ${MAX_BODY_BYTES} bytes)`);
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return jsonRpcError(res, 415, 'Unsupported body encoding');
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return jsonRpcError(res, e.status, 'Bad request');
    log?.error({ err: err instanceof Error ? err.name : 'error' }, 'MCP HTTP request failed');
    jsonRpcError(res, 500, 'Internal server error', -32603);
  };
}

interface Session {
  server: McpServer;
  transport: NodeStreamableHTTPServerTransport | SSEServerTransport;
  lastSeen: number;
  /** Open GET streams: a listening session is not idle. */
  streams: number;
}

export async function startHttpServer(opts: HttpServerOptions): Promise<RunningHttpServer> {
  const host = opts.host ?? '127.0.0.1';
  const loopback = isLoopbackHost(host);
  if (!loopback && !opts.authToken) {
    throw new Error(
      `Refusing to serve MCP on ${host} without a bearer token: set --auth-token or OUTREACH_MCP_TOKEN, ` +
        'or bind to 127.0.0.1 (the default).',
    );
  }
  const log = opts.logger;
  const now = opts.now ?? Date.now;
  const maxSessions = opts.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = opts.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const allowed = [...(loopback ? LOOPBACK_HOSTNAMES : []), ...(opts.allowedHosts ?? [])];
  const app = express();
  app.disable('x-powered-by');
  // Bound beyond loopback with no names given, any Host is accepted: the
  // bearer token, which a rebinding page cannot know, protects the server then.
  if (allowed.length > 0) app.use(hostValidation(allowed));
  app.use(originValidation(allowed));
  const auth: RequestHandler = opts.authToken ? staticTokenAuth(opts.authToken) : (_req, _res, next) => next();
  const body = express.json({ limit: MAX_BODY_BYTES });

  const sessions = new Map<string, Session>();
  let opening = 0;
  const full = (): boolean => sessions.size + opening >= maxSessions;
  const refuseFull = (res: Response): void => {
    log?.warn({ sessions: sessions.size, maxSessions }, 'MCP session cap reached');
    jsonRpcError(res, 503, `Too many open MCP sessions (limit ${maxSessions}): retry in 30 s, or close unused sessions.`, -32000, {
      'Retry-After': '30',
    });
  };

  const closeSession = async (id: string): Promise<void> => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    await s.server.close().catch(() => {});
  };

  // 2026-07-28: stateless, any replica.
  const modern = createMcpHandler(() => opts.createServer({ era: 'modern', longLived: false }), {
    legacy: 'reject',
    ...(opts.bus ? { bus: opts.bus } : {}),
    onerror: (err) => log?.debug({ err: err.message }, 'MCP 2026 request rejected'),
  });
  const stopNotifier = opts.onNotifier?.(modern.notify);
  const modernNode = toNodeHandler(modern, { onerror: (err) => log?.error({ err: err.name }, 'MCP 2026 request failed') });

  // 2025 era: a session starts with initialize and carries Mcp-Session-Id.
  const legacySession = async (req: Request, res: Response): Promise<void> => {
    const sessionId = req.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    if (id) {
      const s = sessions.get(id);
      if (!s || !(s.transport instanceof NodeStreamableHTTPServerTransport)) return jsonRpcError(res, 404, 'Session not found', -32001);
      s.lastSeen = now();
      if (req.method === 'GET') {
        s.streams++;
        res.on('close', () => {
          s.streams--;
          s.lastSeen = now();
        });
      }
      await s.transport.handleRequest(req, res, req.body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(req.body)) {
      return jsonRpcError(res, 400, 'Bad Request: no valid session id; start with an initialize request');
    }
    if (full()) return refuseFull(res);
    opening++;
    try {
      const server = opts.createServer({ era: 'legacy', longLived: true });
      const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new SessionEventStore(),
        onsessioninitialized: (newId) => {
          sessions.set(newId, { server, transport, lastSeen: now(), streams: 0 });
          log?.debug({ session: newId }, 'streamable HTTP session opened');
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) void closeSession(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } finally {
      opening--;
    }
  };

  const mcpHandler: RequestHandler = async (req, res) => {
    try {
      if (req.headers['mcp-session-id'] === undefined) {
        const probe = await toWebRequest(req as Parameters<typeof toWebRequest>[0], req.body);
        if (!(await isLegacyRequest(probe, req.body))) return await modernNode(req as Parameters<typeof modernNode>[0], res, req.body);
      }
      await legacySession(req, res);
    } catch (err) {
      log?.error({ err: err instanceof Error ? err.name : 'error' }, 'MCP request failed');
      jsonRpcError(res, 500, 'Internal server error', -32603);
    }
  };
  app.post('/mcp', auth, body, mcpHandler);
  app.get('/mcp', auth, mcpHandler);
  app.delete('/mcp', auth, mcpHandler);

  // Legacy SSE: GET /sse opens the stream, POST /messages?sessionId=… carries requests.
  app.get('/sse', auth, async (_req, res) => {
    try {
      if (full()) return refuseFull(res);
      const transport = new SSEServerTransport('/messages', res);
      const server = opts.createServer({ era: 'legacy', longLived: true });
      sessions.set(transport.sessionId, { server, transport, lastSeen: now(), streams: 1 });
      res.on('close', () => void closeSession(transport.sessionId));
      await server.connect(transport);
      log?.debug({ session: transport.sessionId }, 'SSE session opened');
    } catch (err) {
      log?.error({ err: err instanceof Error ? err.name : 'error' }, 'SSE connection failed');
      jsonRpcError(res, 500, 'Internal server error', -32603);
    }
  });
  app.post('/messages', auth, body, async (req, res) => {
    const id = typeof req.query.sessionId === 'string' ? req.query.sessionId : undefined;
    const s = id ? sessions.get(id) : undefined;
    if (!s || !(s.transport instanceof SSEServerTransport)) return jsonRpcError(res, 404, 'Session not found', -32001);
    // The frozen SSE transport answers these in plain text, echoing the body: answer them here.
    if (!req.is('application/json')) return jsonRpcError(res, 415, 'Unsupported Media Type: send Content-Type: application/json');
    try {
      parseJSONRPCMessage(req.body);
    } catch {
      return jsonRpcError(res, 400, 'Invalid Request: the body is not a JSON-RPC message', -32600);
    }
    s.lastSeen = now();
    try {
      await s.transport.handlePostMessage(req, res, req.body);
    } catch (err) {
      log?.error({ err: err instanceof Error ? err.name : 'error' }, 'SSE message failed');
      jsonRpcError(res, 500, 'Internal server error', -32603);
    }
  });
  app.use((_req, res) => jsonRpcError(res, 404, 'Not found: MCP is served at /mcp (and /sse for old clients)'));
  app.use(jsonErrors(log));

  const reapIdle = async (): Promise<number> => {
    const cutoff = now() - idleMs;
    const idle = [...sessions].filter(([, s]) => s.streams === 0 && s.lastSeen <= cutoff).map(([id]) => id);
    for (const id of idle) {
      const s = sessions.get(id);
      await s?.transport.close().catch(() => {});
      await closeSession(id);
    }
    if (idle.length > 0) log?.info({ closed: idle.length }, 'idle MCP sessions closed');
    return idle.length;
  };
  const reaper = setInterval(() => void reapIdle(), Math.max(1000, Math.min(idleMs / 4, 60_000)));
  reaper.unref();

  const httpServer: HttpServer = await new Promise((resolve, reject) => {
    const srv = app.listen(opts.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(srv)));
    srv.once('error', reject);
  });
  const { port } = httpServer.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    sessionCount: () => sessions.size,
    reapIdle,
    async close() {
      clearInterval(reaper);
      stopNotifier?.();
      await Promise.all([...sessions.keys()].map(closeSession));
      await modern.close().catch(() => {});
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
