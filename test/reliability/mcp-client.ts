/**
 * The only file of the reliability suite that touches the MCP SDK. The suite
 * drives the built CLI as an agent would, through the SDK's client; moving to
 * SDK v2 means changing the two import lines below (to the v2 client package)
 * and nothing else.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface ToolInfo {
  name: string;
  inputSchema: Record<string, unknown>;
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
}

export interface McpSession {
  listTools(): Promise<ToolInfo[]>;
  callTool(name: string, args: unknown, timeoutMs: number): Promise<ToolAnswer>;
  /** Everything the server printed on stderr so far. */
  stderr(): string;
  /** True once the server process has gone (crashed or closed). */
  closed(): boolean;
  close(): Promise<void>;
}

export async function connectStdio(command: string, args: string[], env: Record<string, string>): Promise<McpSession> {
  const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let closed = false;
  const client = new Client({ name: 'reliability', version: '1.0.0' });
  client.onclose = () => (closed = true);
  await client.connect(transport);
  return {
    async listTools() {
      const tools: ToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        for (const t of page.tools) tools.push({ name: t.name, inputSchema: t.inputSchema as Record<string, unknown> });
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    },
    async callTool(name, args, timeoutMs) {
      const result = await client.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { timeout: timeoutMs });
      const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
      return { isError: result.isError === true, text: content.map((c) => c.text ?? '').join('\n') };
    },
    stderr: () => stderr,
    closed: () => closed,
    close: () => client.close(),
  };
}
