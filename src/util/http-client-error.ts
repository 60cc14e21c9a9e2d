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
  const [status, reason, error] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request headers too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'Request not completed in time']
        : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ error, success: false });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
