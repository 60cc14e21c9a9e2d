/** The MCP server: tools from the contract table, resources, transports. */
export { OutreachMcp, SERVER_NAME, SERVER_VERSION, type OutreachMcpOptions } from './server.js';
export { startHttpServer, isLoopbackHost, type HttpServerOptions, type RunningHttpServer } from './http.js';
export { RecentEvents, parseEvent, type EventSink, type EventSource, type OutreachEvent, type ReceivedEvent } from './events.js';
export { startWebhookReceiver, signBody, verifySignature, SIGNATURE_HEADER, type WebhookReceiver, type WebhookReceiverOptions } from './webhook-receiver.js';
export { ResourceChanges, ACCOUNTS_URI, EVENTS_URI, QUOTA_TEMPLATE, STATUS_TEMPLATE, quotaUri, statusUri } from './changes.js';
export { parseToolsets, selectEndpoints, type ToolSelection } from './selection.js';
export { toolDefinition } from './tools.js';
export { describeClientError, describeToolError, ERROR_CODES, type ErrorCode, type ToolErrorEnvelope } from './tool-errors.js';
export { renderResult } from './render.js';
export { buildManifest, manifestText } from './manifest.js';
