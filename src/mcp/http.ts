import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../util/logger.js';

/**
 * MCP over HTTP: Streamable HTTP at /mcp (stateful sessions) and the older
 * SSE transport at /sse + /messages. Loopback by default with DNS-rebinding
 * protection (Host and Origin checks); a bearer token is required whenever the
 * server binds to anything but loopback.
 */

export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'] as const;
/** Host header names (as URL.hostname renders them) that reach a loopback server. */
const LOOPBACK_HOSTNAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface HttpServerOptions {
  host?: string;
  port?: number;
  /** Required for non-loopback hosts. */
  authToken?: string;
  /** Extra Host/Origin hostnames to accept (e.g. a DNS name in front of the server). */
  allowedHosts?: readonly string[];
  /** One McpServer per session. */
  createServer: () => McpServer;
  logger?: Logger;
}

export interface RunningHttpServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Open sessions across both transports. */
  sessionCount(): number;
  close(): Promise<void>;
}

export function isLoopbackHost(host: string): boolean {
  return (LOOPBACK_HOSTS as readonly string[]).includes(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function jsonRpcError(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/** Browsers send Origin; a page from another site must not drive a local server. */
function originValidation(allowed: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    let hostname: string;
    try {
      hostname = new URL(origin).hostname;
    } catch {
      return jsonRpcError(res, 403, `Invalid Origin header: ${origin}`);
    }
    const hostHeader = req.headers.host;
    const sameHost = hostHeader !== undefined && new URL(`http://${hostHeader}`).hostname === hostname;
    if (allowed.includes(hostname) || sameHost) return next();
    jsonRpcError(res, 403, `Origin not allowed: ${origin}`);
  };
}

function staticTokenAuth(token: string): RequestHandler {
  const expected = Buffer.from(token);
  return requireBearerAuth({
    verifier: {
      async verifyAccessToken(given: string) {
        const buf = Buffer.from(given);
        if (buf.length !== expected.length || !timingSafeEqual(buf, expected)) throw new InvalidTokenError('Invalid token');
        // A static token has no expiry of its own; the SDK requires one.
        return { token: given, clientId: 'outreach-mcp', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
      },
    },
  });
}

interface Session {
  server: McpServer;
  transport: StreamableHTTPServerTransport | SSEServerTransport;
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
  const allowed = [...(loopback ? LOOPBACK_HOSTNAMES : []), ...(opts.allowedHosts ?? [])];
  // The SDK's app validates the Host header against the allowed names (DNS-rebinding
  // protection). Bound beyond loopback with no names given, any Host is accepted:
  // the bearer token, which a rebinding page cannot know, protects the server then.
  const app = allowed.length > 0 ? createMcpExpressApp({ host, allowedHosts: allowed }) : express().use(express.json());
  app.use(originValidation(allowed));
  const auth: RequestHandler = opts.authToken ? staticTokenAuth(opts.authToken) : (_req, _res, next) => next();

  const sessions = new Map<string, Session>();

  const closeSession = async (id: string): Promise<void> => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    await s.server.close().catch(() => {});
  };

  // Streamable HTTP, stateful: a session starts with initialize and carries Mcp-Session-Id.
  const mcpHandler: RequestHandler = async (req, res) => {
    try {
      const sessionId = req.headers['mcp-session-id'];
      const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
      if (id) {
        const s = sessions.get(id);
        if (!s || !(s.transport instanceof StreamableHTTPServerTransport)) return jsonRpcError(res, 404, 'Session not found');
        await s.transport.handleRequest(req, res, req.body);
        return;
      }
      if (req.method !== 'POST' || !isInitializeRequest(req.body)) {
        return jsonRpcError(res, 400, 'Bad Request: no valid session id; start with an initialize request');
      }
      const server = opts.createServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (newId) => {
          sessions.set(newId, { server, transport });
          log?.debug({ session: newId }, 'streamable HTTP session opened');
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) void closeSession(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      log?.error({ err }, 'MCP request failed');
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal server error');
    }
  };
  app.post('/mcp', auth, mcpHandler);
  app.get('/mcp', auth, mcpHandler);
  app.delete('/mcp', auth, mcpHandler);

  // Legacy SSE: GET /sse opens the stream, POST /messages?sessionId=… carries requests.
  app.get('/sse', auth, async (req, res) => {
    try {
      const transport = new SSEServerTransport('/messages', res);
      const server = opts.createServer();
      sessions.set(transport.sessionId, { server, transport });
      res.on('close', () => void closeSession(transport.sessionId));
      await server.connect(transport);
      log?.debug({ session: transport.sessionId }, 'SSE session opened');
    } catch (err) {
      log?.error({ err }, 'SSE connection failed');
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal server error');
    }
  });
  app.post('/messages', auth, async (req, res) => {
    const id = typeof req.query.sessionId === 'string' ? req.query.sessionId : undefined;
    const s = id ? sessions.get(id) : undefined;
    if (!s || !(s.transport instanceof SSEServerTransport)) return jsonRpcError(res, 404, 'Session not found');
    await s.transport.handlePostMessage(req, res, req.body);
  });

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
    async close() {
      await Promise.all([...sessions.keys()].map(closeSession));
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
