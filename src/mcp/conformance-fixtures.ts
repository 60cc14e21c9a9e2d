import { randomUUID } from 'node:crypto';
import {
  acceptedContent,
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  ResourceTemplate,
  type CallToolResult,
  type GetPromptResult,
  type InputRequests,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ConfirmGate } from './confirm.js';

/**
 * TEST ONLY (--conformance-fixtures): the tools, resources and prompts the
 * MCP conformance suite calls by name, served next to the real ones so the
 * suite exercises this server's own transports, confirmation codec, cache
 * hints and era routing. Never enabled in normal use.
 */

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const none = z.object({});
const nameSchema = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };
const okSchema = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

type Handler = (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult> | CallToolResult | InputRequiredResult;

export interface FixtureDeps {
  gate: ConfirmGate;
  /** The 2026 handler's notifier, once the HTTP server made one. */
  notifier(): ServerNotifier | undefined;
}

export function registerConformanceFixtures(server: McpServer, deps: FixtureDeps): void {
  const mint = (payload: Record<string, unknown>, ctx: ServerContext): Promise<string> =>
    deps.gate.codec.mint(payload as never, ctx);
  const tool = (name: string, description: string, handler: Handler, inputSchema: z.ZodObject<z.ZodRawShape> = none): void => {
    server.registerTool(name, { description, inputSchema }, (args: Record<string, unknown>, ctx: ServerContext) => handler(args, ctx));
  };

  tool('test_simple_text', 'Simple text content', () => text('This is a simple text response for testing.'));
  tool('test_image_content', 'Image content', () => ({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }));
  tool('test_audio_content', 'Audio content', () => ({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] }));
  tool('test_embedded_resource', 'Embedded resource content', () => ({
    content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
  }));
  tool('test_multiple_content_types', 'Text, image and resource content', () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) } },
    ],
  }));
  tool('test_tool_with_logging', 'Emits log messages', async (_args, ctx) => {
    for (const data of ['Tool execution started', 'Tool processing data', 'Tool execution completed']) {
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data } });
    }
    return text('Tool with logging executed successfully');
  });
  tool('test_logging_tool', 'Logs through the request-scoped channel', async (_args, ctx) => {
    await ctx.mcpReq.log('info', 'test_logging_tool ran');
    return text('logged through the request-scoped, logLevel-gated channel');
  });
  tool('test_tool_with_progress', 'Reports progress', async (_args, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (progressToken !== undefined) {
      for (const progress of [0, 50, 100]) {
        await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` } });
      }
    }
    return text(String(progressToken ?? 'no-progress-token'));
  });
  tool('test_error_handling', 'Always fails', () => {
    throw new Error('This tool intentionally returns an error for testing');
  });
  tool('test_streaming_elicitation', 'Answers with result frames only', () => text('stream observed: result frames only, no top-level requests'));
  tool('test_missing_capability', 'Needs the sampling capability', (_args, ctx) =>
    ctx.mcpReq.inputResponses?.llm_answer === undefined
      ? inputRequired({
          inputRequests: {
            llm_answer: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Reply with the single word: pong' } }], maxTokens: 16 }),
          },
        })
      : text('sampling round-trip complete'),
  );

  // 2025-era push requests.
  const pushed = async (ctx: ServerContext, method: 'elicitation/create' | 'sampling/createMessage', params: Record<string, unknown>, label: string) => {
    try {
      const result = (await ctx.mcpReq.send({ method, params } as never)) as { action?: string; content?: unknown };
      if (method === 'sampling/createMessage') {
        const c = result.content as { text?: string } | undefined;
        return text(`LLM response: ${c?.text ?? 'No response'}`);
      }
      return text(`${label}: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    } catch (err) {
      return text(`${method === 'sampling/createMessage' ? 'Sampling' : 'Elicitation'} not supported or error: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  tool('test_sampling', 'Server-initiated sampling', (args, ctx) =>
    pushed(ctx, 'sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt) } }], maxTokens: 100 }, ''),
    z.object({ prompt: z.string().describe('The prompt to send to the LLM') }),
  );
  tool('test_elicitation', 'Server-initiated elicitation', (args, ctx) =>
    pushed(ctx, 'elicitation/create', {
      message: String(args.message),
      requestedSchema: { type: 'object', properties: { response: { type: 'string', description: "User's response" } }, required: ['response'] },
    }, 'User response'),
    z.object({ message: z.string().describe('The message to show the user') }),
  );
  tool('test_elicitation_sep1034_defaults', 'Elicitation with defaults', (_args, ctx) =>
    pushed(ctx, 'elicitation/create', {
      message: 'Please review and update the form fields with defaults',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    }, 'Elicitation completed'),
  );
  tool('test_elicitation_sep1330_enums', 'Elicitation with enum forms', (_args, ctx) =>
    pushed(ctx, 'elicitation/create', {
      message: 'Please select options from the enum fields',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            description: 'Select one option with titles',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: { type: 'string', description: 'Select one option (legacy)', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
          untitledMulti: { type: 'array', description: 'Select multiple options', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    }, 'Elicitation completed'),
  );

  // 2026-07-28 input_required (served to 2025 clients by the SDK's legacy shim).
  const askName = (message = 'What is your name?') => inputRequired.elicit({ message, requestedSchema: nameSchema });
  tool('test_input_required_result_elicitation', 'Asks for a name in-band', (_args, ctx) => {
    const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'user_name')?.name;
    return typeof name === 'string' ? text(`Hello, ${name}!`) : inputRequired({ inputRequests: { user_name: askName() } });
  });
  tool('test_input_required_result_sampling', 'Asks for a completion in-band', (_args, ctx) => {
    const answer = ctx.mcpReq.inputResponses?.capital_question as { content?: { text?: string } } | undefined;
    if (answer === undefined) {
      return inputRequired({
        inputRequests: { capital_question: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 }) },
      });
    }
    return text(`Sampling response: ${typeof answer.content?.text === 'string' ? answer.content.text : JSON.stringify(answer)}`);
  });
  tool('test_input_required_result_list_roots', 'Asks for roots in-band', (_args, ctx) => {
    const roots = (ctx.mcpReq.inputResponses?.client_roots as { roots?: { uri?: string }[] } | undefined)?.roots;
    if (!Array.isArray(roots)) return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    return text(`Client exposed ${roots.length} root(s): ${roots.map((r) => r.uri).join(', ')}`);
  });
  tool('test_input_required_result_request_state', 'Round-trips signed request state', async (_args, ctx) => {
    if (acceptedContent(ctx.mcpReq.inputResponses, 'confirm') === undefined) {
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: 'Please confirm', requestedSchema: okSchema }) },
        requestState: await mint({ tool: 'request_state', nonce: randomUUID() }, ctx),
      });
    }
    return ctx.mcpReq.requestState() === undefined ? text('requestState missing') : text('state-ok: requestState verified and confirmation received');
  });
  tool('test_input_required_result_multiple_inputs', 'Asks for three inputs in one round', async (_args, ctx) => {
    const r = ctx.mcpReq.inputResponses;
    const name = acceptedContent<{ name: string }>(r, 'user_name')?.name;
    const greeting = (r?.greeting as { content?: { text?: string } } | undefined)?.content?.text;
    const roots = (r?.client_roots as { roots?: unknown[] } | undefined)?.roots;
    if (typeof name === 'string' && typeof greeting === 'string' && Array.isArray(roots)) return text(`${greeting} ${name} — ${roots.length} root(s) visible`);
    return inputRequired({
      inputRequests: {
        user_name: askName(),
        greeting: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 }),
        client_roots: inputRequired.listRoots(),
      },
      requestState: await mint({ tool: 'multiple_inputs', nonce: randomUUID() }, ctx),
    });
  });
  tool('test_input_required_result_multi_round', 'Two rounds with evolving state', async (_args, ctx) => {
    const state = ctx.mcpReq.requestState<Record<string, unknown>>();
    const round = state?.tool === 'multi_round' && typeof state.round === 'number' ? state.round : 0;
    if (round === 0) {
      return inputRequired({ inputRequests: { step1: askName('Step 1: What is your name?') }, requestState: await mint({ tool: 'multi_round', round: 1, nonce: randomUUID() }, ctx) });
    }
    if (round === 1) {
      const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'step1')?.name ?? 'unknown';
      return inputRequired({
        inputRequests: {
          step2: inputRequired.elicit({ message: 'Step 2: What is your favorite color?', requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } }),
        },
        requestState: await mint({ tool: 'multi_round', round: 2, name, nonce: randomUUID() }, ctx),
      });
    }
    const color = acceptedContent<{ color: string }>(ctx.mcpReq.inputResponses, 'step2')?.color ?? 'unknown';
    return text(`Multi-round complete: ${String(state?.name ?? 'unknown')} likes ${color}`);
  });
  tool('test_input_required_result_tampered_state', 'Refuses tampered state', async (_args, ctx) => {
    if (ctx.mcpReq.requestState() !== undefined && acceptedContent(ctx.mcpReq.inputResponses, 'confirm') !== undefined) return text('integrity-ok: requestState verified');
    return inputRequired({
      inputRequests: { confirm: inputRequired.elicit({ message: 'Please confirm', requestedSchema: okSchema }) },
      requestState: await mint({ tool: 'tampered_state', nonce: randomUUID() }, ctx),
    });
  });
  tool('test_input_required_result_capabilities', 'Asks only for what the client declared', (_args, ctx) => {
    if (ctx.mcpReq.inputResponses !== undefined) return text('Capability-aware input requests fulfilled');
    const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as Record<string, unknown> | undefined;
    const requests: InputRequests = {};
    if (declared?.elicitation !== undefined) requests.user_name = askName();
    if (declared?.sampling !== undefined) {
      requests.greeting = inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Generate a short greeting' } }], maxTokens: 50 });
    }
    if (declared?.roots !== undefined) requests.client_roots = inputRequired.listRoots();
    if (Object.keys(requests).length === 0) return text('No declared client capability supports an in-band input request');
    return inputRequired({ inputRequests: requests });
  });
  tool('test_trigger_tool_change', 'Publishes tools/list_changed', () => {
    deps.notifier()?.toolsChanged();
    return text('tools_list_changed published');
  });
  tool('test_trigger_prompt_change', 'Publishes prompts/list_changed', () => {
    deps.notifier()?.promptsChanged();
    return text('prompts_list_changed published');
  });

  server.registerResource('static-text', 'test://static-text', { title: 'Static Text Resource', description: 'A static text resource', mimeType: 'text/plain' }, () => ({
    contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.registerResource('static-binary', 'test://static-binary', { title: 'Static Binary Resource', description: 'A static binary resource', mimeType: 'image/png' }, () => ({
    contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG }],
  }));
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { title: 'Resource Template', description: 'A resource template with parameter substitution', mimeType: 'application/json' },
    (uri, variables) => ({
      contents: [{ uri: uri.toString(), mimeType: 'application/json', text: JSON.stringify({ id: variables.id, templateTest: true, data: `Data for ID: ${String(variables.id)}` }) }],
    }),
  );
  server.registerResource('watched-resource', 'test://watched-resource', { title: 'Watched Resource', description: 'For subscribe tests', mimeType: 'text/plain' }, () => ({
    contents: [{ uri: 'test://watched-resource', mimeType: 'text/plain', text: 'Watched resource content' }],
  }));

  const userText = (t: string): GetPromptResult => ({ messages: [{ role: 'user', content: { type: 'text', text: t } }] });
  server.registerPrompt('test_simple_prompt', { title: 'Simple Test Prompt', description: 'A simple prompt without arguments' }, () =>
    userText('This is a simple prompt for testing.'),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    { title: 'Prompt With Arguments', description: 'A prompt with required arguments', argsSchema: z.object({ arg1: z.string().describe('First test argument'), arg2: z.string().describe('Second test argument') }) },
    (args: Record<string, unknown>) => userText(`Prompt with arguments: arg1='${String(args.arg1)}', arg2='${String(args.arg2)}'`),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    { title: 'Prompt With Embedded Resource', description: 'A prompt that includes an embedded resource', argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }) },
    (args: Record<string, unknown>): GetPromptResult => ({
      messages: [
        { role: 'user', content: { type: 'resource', resource: { uri: String(args.resourceUri), mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt('test_prompt_with_image', { title: 'Prompt With Image', description: 'A prompt that includes image content' }, (): GetPromptResult => ({
    messages: [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
  server.registerPrompt('test_input_required_result_prompt', { title: 'MRTR Prompt', description: 'Needs input before rendering' }, (ctx: ServerContext) => {
    const context = acceptedContent<{ context: string }>(ctx.mcpReq.inputResponses, 'user_context')?.context;
    if (typeof context === 'string') return userText(`Use the following context: ${context}`);
    return inputRequired({
      inputRequests: {
        user_context: inputRequired.elicit({ message: 'What context should the prompt use?', requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] } }),
      },
    });
  });
}
