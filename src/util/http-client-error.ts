import type { Socket } from 'node:net';

/**
 * Answers a request Node's parser refused (malformed request line, headers
 * over the limit) with a JSON body instead of a bare status line, then closes.
 */
export function respondToClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({ error: tooLarge ? 'Request headers too large' : 'Malformed HTTP request', success: false });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
