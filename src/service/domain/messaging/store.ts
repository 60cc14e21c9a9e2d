import type { Db as Database } from '../../store/sqlite.js';
import type { Migration } from '../../store/migration.js';
import type { Conversation, ConversationKind } from '../../world/index.js';

/**
 * What accounts did to their inboxes: new conversations and messages
 * (including simulated replies), read marks, and replies due later. The
 * world's conversations are read-only; an account's inbox is world + these.
 */
export const messagingMigrations: Migration[] = [
  {
    id: '0600_messaging',
    up: `
    CREATE TABLE msg_conversations (
      account_id TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      conversation_urn TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('network', 'sales_navigator')),
      sales_thread_id TEXT,
      kind TEXT NOT NULL,
      participant_ids TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (account_id, conversation_id)
    );
    CREATE TABLE msg_messages (
      account_id TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      sender_person_id TEXT,
      text TEXT NOT NULL,
      sent_at INTEGER NOT NULL,
      read INTEGER NOT NULL,
      inmail INTEGER NOT NULL DEFAULT 0,
      copy_to_crm INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (account_id, message_id)
    );
    CREATE INDEX msg_messages_conversation ON msg_messages (account_id, conversation_id, sent_at);
    CREATE TABLE msg_read_marks (
      account_id TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      read_until INTEGER NOT NULL,
      PRIMARY KEY (account_id, conversation_id)
    );
    CREATE TABLE msg_replies_due (
      account_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      person_id TEXT NOT NULL,
      after_message_id TEXT NOT NULL,
      sales_navigator INTEGER NOT NULL,
      due_at INTEGER NOT NULL,
      done INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (account_id, after_message_id)
    );
    CREATE INDEX msg_replies_due_at ON msg_replies_due (done, due_at);`,
  },
];

export interface StoredMessage {
  messageId: string;
  /** null: the account itself. */
  senderPersonId: string | null;
  text: string;
  sentAt: number;
  read: boolean;
}

export interface InboxConversation {
  conversationId: string;
  conversationUrn: string;
  source: 'network' | 'sales_navigator';
  salesNavThreadId: string | null;
  kind: ConversationKind;
  participantIds: string[];
  /** Oldest first, world and overlay merged, read marks applied. */
  messages: StoredMessage[];
}

interface ConversationRow {
  conversation_id: string;
  conversation_urn: string;
  source: 'network' | 'sales_navigator';
  sales_thread_id: string | null;
  kind: ConversationKind;
  participant_ids: string;
}

interface MessageRow {
  conversation_id: string;
  message_id: string;
  sender_person_id: string | null;
  text: string;
  sent_at: number;
  read: number;
}

/** The account's whole inbox as it stands now, newest activity first. */
export function inboxOf(db: Database, accountId: string, world: readonly Conversation[]): InboxConversation[] {
  const marks = new Map(
    (db.prepare('SELECT conversation_id, read_until FROM msg_read_marks WHERE account_id = ?').all(accountId) as { conversation_id: string; read_until: number }[]).map(
      (r) => [r.conversation_id, r.read_until],
    ),
  );
  const extra = new Map<string, StoredMessage[]>();
  for (const r of db.prepare('SELECT * FROM msg_messages WHERE account_id = ? ORDER BY sent_at, message_id').all(accountId) as MessageRow[]) {
    const list = extra.get(r.conversation_id) ?? [];
    list.push({ messageId: r.message_id, senderPersonId: r.sender_person_id, text: r.text, sentAt: r.sent_at, read: r.read === 1 });
    extra.set(r.conversation_id, list);
  }
  const readUntil = (id: string, m: StoredMessage): StoredMessage => ({ ...m, read: m.read || m.senderPersonId === null || m.sentAt <= (marks.get(id) ?? -Infinity) });
  const inbox: InboxConversation[] = world.map((c) => ({
    conversationId: c.conversationId,
    conversationUrn: c.conversationUrn,
    source: c.source,
    salesNavThreadId: c.salesNavThreadId,
    kind: c.kind,
    participantIds: c.participantIds,
    messages: [
      ...c.messages.map((m) => ({
        messageId: m.messageId,
        senderPersonId: m.sender.type === 'person' ? m.sender.personId : null,
        text: m.text,
        sentAt: m.sentAtMs,
        read: m.read,
      })),
      ...(extra.get(c.conversationId) ?? []),
    ].map((m) => readUntil(c.conversationId, m)),
  }));
  for (const r of db.prepare('SELECT * FROM msg_conversations WHERE account_id = ?').all(accountId) as ConversationRow[]) {
    inbox.push({
      conversationId: r.conversation_id,
      conversationUrn: r.conversation_urn,
      source: r.source,
      salesNavThreadId: r.sales_thread_id,
      kind: r.kind,
      participantIds: JSON.parse(r.participant_ids) as string[],
      messages: (extra.get(r.conversation_id) ?? []).map((m) => readUntil(r.conversation_id, m)),
    });
  }
  const last = (c: InboxConversation) => c.messages[c.messages.length - 1]?.sentAt ?? 0;
  return inbox.sort((a, b) => last(b) - last(a) || a.conversationId.localeCompare(b.conversationId));
}

export function addConversation(db: Database, accountId: string, c: Omit<InboxConversation, 'messages'>, nowMs: number): void {
  db.prepare(
    `INSERT INTO msg_conversations (account_id, conversation_id, conversation_urn, source, sales_thread_id, kind, participant_ids, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(accountId, c.conversationId, c.conversationUrn, c.source, c.salesNavThreadId, c.kind, JSON.stringify(c.participantIds), nowMs);
}

export function addMessage(
  db: Database,
  accountId: string,
  conversationId: string,
  m: StoredMessage & { inMail?: boolean; copyToCrm?: boolean },
): void {
  db.prepare(
    `INSERT INTO msg_messages (account_id, conversation_id, message_id, sender_person_id, text, sent_at, read, inmail, copy_to_crm)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(accountId, conversationId, m.messageId, m.senderPersonId, m.text, m.sentAt, m.read ? 1 : 0, m.inMail ? 1 : 0, m.copyToCrm ? 1 : 0);
}

/** Everything in the conversation up to nowMs counts as read. */
export function markRead(db: Database, accountId: string, conversationId: string, nowMs: number): void {
  db.prepare(
    `INSERT INTO msg_read_marks (account_id, conversation_id, read_until) VALUES (?, ?, ?)
     ON CONFLICT (account_id, conversation_id) DO UPDATE SET read_until = max(read_until, excluded.read_until)`,
  ).run(accountId, conversationId, nowMs);
}

/** InMails sent by the account since sinceMs (credits spent this month). */
export function inMailsSince(db: Database, accountId: string, sinceMs: number): number {
  return (db.prepare('SELECT count(*) AS n FROM msg_messages WHERE account_id = ? AND inmail = 1 AND sent_at >= ?').get(accountId, sinceMs) as { n: number }).n;
}

export function scheduleReply(
  db: Database,
  row: Omit<DueReply, 'salesNavigator'> & { salesNavigator: boolean },
): void {
  db.prepare(
    `INSERT OR IGNORE INTO msg_replies_due (account_id, user_id, conversation_id, person_id, after_message_id, sales_navigator, due_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.accountId, row.userId, row.conversationId, row.personId, row.afterMessageId, row.salesNavigator ? 1 : 0, row.dueAt);
}

export interface DueReply {
  accountId: string;
  userId: string;
  conversationId: string;
  personId: string;
  afterMessageId: string;
  salesNavigator: boolean;
  dueAt: number;
}

export function dueReplies(db: Database, nowMs: number): DueReply[] {
  return (db
    .prepare(
      `SELECT account_id AS accountId, user_id AS userId, conversation_id AS conversationId, person_id AS personId,
        after_message_id AS afterMessageId, sales_navigator AS salesNavigator, due_at AS dueAt
       FROM msg_replies_due WHERE done = 0 AND due_at <= ? ORDER BY due_at, after_message_id`,
    )
    .all(nowMs) as Array<Omit<DueReply, 'salesNavigator'> & { salesNavigator: number }>)
    .map((r) => ({ ...r, salesNavigator: r.salesNavigator === 1 }));
}

export function replyDone(db: Database, accountId: string, afterMessageId: string): void {
  db.prepare('UPDATE msg_replies_due SET done = 1 WHERE account_id = ? AND after_message_id = ?').run(accountId, afterMessageId);
}
