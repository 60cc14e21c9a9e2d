import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/**
 * Resumability for 2025-era Streamable HTTP sessions: every SSE message is
 * kept (bounded per stream), so a client that reconnects with Last-Event-ID
 * gets what it missed. One store per session: it dies with the session, so an
 * idle session reaped by the cap leaves nothing behind.
 */
export class SessionEventStore implements EventStore {
  private readonly streams = new Map<StreamId, { seq: number; events: { id: EventId; message: JSONRPCMessage }[] }>();

  constructor(private readonly perStream = 200) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    let stream = this.streams.get(streamId);
    if (!stream) this.streams.set(streamId, (stream = { seq: 0, events: [] }));
    const id = `${streamId}_${++stream.seq}`;
    stream.events.push({ id, message });
    if (stream.events.length > this.perStream) stream.events.shift();
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const cut = eventId.lastIndexOf('_');
    const streamId = cut > 0 ? eventId.slice(0, cut) : undefined;
    return streamId !== undefined && this.streams.has(streamId) ? streamId : undefined;
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const streamId = await this.getStreamIdForEventId(lastEventId);
    if (streamId === undefined) throw new Error('Unknown Last-Event-ID');
    const after = Number(lastEventId.slice(lastEventId.lastIndexOf('_') + 1));
    for (const event of this.streams.get(streamId)?.events ?? []) {
      if (Number(event.id.slice(event.id.lastIndexOf('_') + 1)) > after) await send(event.id, event.message);
    }
    return streamId;
  }
}
