import type { Readable, Writable } from 'node:stream';
import { deserializeMessage, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

/** The SDK's stdio read limit: one message larger than this is refused. */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * Newline-delimited JSON-RPC over stdin/stdout that survives bad input: a
 * message over the size limit is discarded (never buffered whole) and answered
 * with a JSON-RPC error, a line that is not JSON-RPC gets a parse error, and
 * the connection keeps serving. The SDK's own stdio transport closes the
 * connection on an oversized message, which ended the process with exit code 0.
 */
export class ResilientStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of an oversized line discarded so far; undefined while reading normally. */
  private discarding: number | undefined;
  private closed = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxBytes = MAX_STDIO_MESSAGE_BYTES,
    /** Told (without the content) when input is refused. */
    private readonly onRefused: (reason: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
    this.stdin.on('end', this.onEnd);
    this.stdout.on('error', this.onStreamError);
  }

  private readonly onData = (chunk: Buffer): void => {
    let rest = chunk;
    while (rest.length > 0) {
      const nl = rest.indexOf(0x0a);
      const part = nl < 0 ? rest : rest.subarray(0, nl);
      if (this.discarding !== undefined) {
        this.discarding += part.length;
      } else if (this.size + part.length > this.maxBytes) {
        this.discarding = this.size + part.length;
        this.chunks = [];
        this.size = 0;
      } else {
        this.chunks.push(part);
        this.size += part.length;
      }
      if (nl < 0) break;
      this.endLine();
      rest = rest.subarray(nl + 1);
    }
  };

  private endLine(): void {
    if (this.discarding !== undefined) {
      const bytes = this.discarding;
      this.discarding = undefined;
      const reason = `message of ${bytes} bytes is over the ${this.maxBytes}-byte limit and was discarded`;
      this.onRefused(reason);
      void this.sendError(-32600, `Invalid Request: ${reason}. Send smaller messages.`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.onRefused('a line that is not a JSON-RPC message was refused');
      void this.sendError(-32700, 'Parse error: each line must be one JSON-RPC message.');
      return;
    }
    this.onmessage?.(message);
  }

  private sendError(code: number, message: string): Promise<void> {
    return this.send({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage);
  }

  private readonly onStreamError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onEnd = (): void => void this.close();

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.stdin.off('end', this.onEnd);
    this.stdout.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
