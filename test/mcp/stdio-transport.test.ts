import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ResilientStdioTransport } from '../../src/mcp/stdio-transport.js';

/** The stdio transport: framing across chunks, and bad input answered without closing. */

function harness(maxBytes = 64) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const refused: string[] = [];
  const transport = new ResilientStdioTransport(stdin, stdout, maxBytes, (r) => refused.push(r));
  const received: unknown[] = [];
  const written: unknown[] = [];
  transport.onmessage = (m) => received.push(m);
  let buf = '';
  stdout.on('data', (c: Buffer) => {
    buf += c.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      written.push(JSON.parse(buf.slice(0, nl)));
      buf = buf.slice(nl + 1);
    }
  });
  return { stdin, transport, received, written, refused };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('ResilientStdioTransport', () => {
  it('reassembles messages split across chunks, with CRLF endings', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('{"jsonrpc":"2.0","id":1,');
    h.stdin.write('"method":"ping"}\r\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await flush();
    expect(h.received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(h.written).toEqual([]);
  });

  it('answers an oversized message with -32600, even when it arrives in pieces, and keeps reading', async () => {
    const h = harness(64);
    await h.transport.start();
    const head = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"t":"${'a'.repeat(40)}`;
    const tail = `${'b'.repeat(100)}"}}`;
    const bytes = head.length + tail.length;
    h.stdin.write(head);
    h.stdin.write(`${tail}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`);
    await flush();
    expect(h.written).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: message of ${bytes} bytes is over the 64-byte limit and was discarded. Send smaller messages.` } },
    ]);
    expect(h.received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(h.refused).toEqual([`message of ${bytes} bytes is over the 64-byte limit and was discarded`]);
    expect(bytes).toBeGreaterThan(64);
  });

  it('answers a line that is not JSON-RPC with -32700 and never echoes it', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('hello secret text\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    await flush();
    expect(h.written).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: each line must be one JSON-RPC message.' } }]);
    expect(JSON.stringify(h.written) + h.refused.join()).not.toContain('secret');
    expect(h.received).toEqual([{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
  });

  it('closes once when stdin ends', async () => {
    const h = harness();
    let closed = 0;
    h.transport.onclose = () => closed++;
    await h.transport.start();
    h.stdin.end();
    await flush();
    await h.transport.close();
    expect(closed).toBe(1);
  });
});
