import { connect } from 'node:net';

/** One raw HTTP/1.1 exchange: exactly the bytes given, so malformed requests reach the server as sent. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(baseUrl: string, request: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split >= 0 ? text.slice(0, split) : text;
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = split >= 0 ? text.slice(split + 4) : '';
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = unchunk(body);
      resolve({ status, headers, body });
    });
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const i = rest.indexOf('\r\n');
    if (i < 0) return out;
    const size = parseInt(rest.slice(0, i), 16);
    if (!(size > 0)) return out;
    out += rest.slice(i + 2, i + 2 + size);
    rest = rest.slice(i + 2 + size + 2);
  }
}

/** Builds a request with Connection: close and a correct Content-Length (unless one is given). */
export function httpRequest(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Buffer {
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (body !== undefined && !Object.keys(all).some((k) => k.toLowerCase() === 'content-length')) all['content-length'] = String(bytes.length);
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes]);
}

/** True when the answer is a JSON object (what every error answer must be). */
export function isJsonAnswer(a: RawAnswer): boolean {
  if (!/^application\/json/i.test(a.headers['content-type'] ?? '')) return false;
  try {
    const parsed: unknown = JSON.parse(a.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
