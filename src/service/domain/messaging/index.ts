import * as W from '../../world/index.js';
import { timeId } from '../posts/ids.js';
import type { DomainDeps, DomainModule } from '../context.js';
import * as H from './handlers.js';
import { addMessage, dueReplies, messagingMigrations, replyDone } from './store.js';

/** Replies that have fallen due: they land unread in their conversation and raise message.received. */
function runDue(deps: DomainDeps, nowMs: number): void {
  const world = deps.world();
  for (const due of dueReplies(deps.db, nowMs)) {
    replyDone(deps.db, due.accountId, due.afterMessageId);
    const person = W.findPerson(world, due.personId);
    if (!person) continue;
    const text = REPLIES[Number(BigInt(due.afterMessageId) % BigInt(REPLIES.length))]!.replace('{name}', person.firstName);
    const messageId = timeId(due.dueAt, due.accountId, due.afterMessageId, 'reply');
    addMessage(deps.db, due.accountId, due.conversationId, { messageId, senderPersonId: person.id, text, sentAt: due.dueAt, read: false });
    deps.emit(due.userId, due.accountId, 'message.received', {
      conversationId: due.conversationId,
      messageId,
      sender: { profileId: person.profileId, fullName: `${person.firstName} ${person.lastName}`, headline: person.headline },
      text,
      receivedAt: new Date(due.dueAt).toISOString(),
      isSalesNavigator: due.salesNavigator,
    });
  }
}

/** What people answer (the world has no language model; short, plausible replies). */
const REPLIES = [
  'Thanks for reaching out! Happy to chat — what did you have in mind?',
  'Hi, thanks for the message. Could you send me a bit more detail?',
  'Appreciate it! Let me get back to you next week.',
  'Sounds interesting. Are you free for a quick call on Thursday?',
  '{name} here, thanks. Not the right time for us, but let us stay in touch.',
];

export const messagingModule: DomainModule = {
  name: 'messaging',
  migrations: messagingMigrations,
  handlers: new Map([
    H.conversations,
    H.recent,
    H.details,
    H.threadMessages,
    H.credits,
    H.openProfile,
    H.typing,
    H.seen,
    H.allRead,
    H.message,
    H.conversationSend,
    H.withTyping,
    H.withAck,
    H.groupWithTyping,
    H.groupWithAck,
    H.direct,
    H.groupMember,
  ]),
  runDue,
};
