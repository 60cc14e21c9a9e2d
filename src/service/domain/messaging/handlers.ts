import { sendMessage as sendMessageEntry } from '../../../contract/endpoints/actions.js';
import {
  checkEmailSupport,
  getConversationDetails,
  listRecentMessages,
  markAllRead,
  markSeen,
  sendDirectMessage,
  sendGroupContextMessage,
  sendGroupWithAck,
  sendGroupWithTyping,
  sendTypingIndicator,
  sendWithAck,
  sendWithTyping,
} from '../../../contract/endpoints/messaging.js';
import { getConversationMessages, getInMailCredits, listConversations, sendConversationMessage } from '../../../contract/endpoints/salesnav.js';
import * as W from '../../world/index.js';
import { DomainError, handle, type ActingAccount, type DomainDeps } from '../context.js';
import { conversationItem, findConversation, inMailCredits, inbox, participantsOf, senderOf, sendMessage } from './inbox.js';
import { markRead, type InboxConversation } from './store.js';

function conversationPage(deps: DomainDeps, account: ActingAccount, list: InboxConversation[], start: number, count: number) {
  const world = deps.world();
  const page = W.pageOf(list, { start, count });
  return { success: true, conversations: page.items.map((c) => conversationItem(world, account, c)), hasMore: page.hasMore };
}

function messagesPage(deps: DomainDeps, account: ActingAccount, c: InboxConversation, start: number, count: number) {
  const world = deps.world();
  const page = W.pageOf(c.messages, { start, count });
  return {
    success: true,
    conversationId: c.conversationId,
    participants: participantsOf(world, c),
    ...(c.source === 'sales_navigator' ? { source: 'sales_navigator' as const } : {}),
    messages: page.items.map((m) => ({
      messageId: m.messageId,
      sender: senderOf(world, account, m.senderPersonId),
      text: m.text,
      sentAt: new Date(m.sentAt).toISOString(),
      attachments: [],
      reactions: [],
    })),
    hasMore: page.hasMore,
  };
}

// ---------------------------------------------------------------- reads

export const conversations = handle(listConversations, (deps, { account, input }) =>
  conversationPage(deps, account, inbox(deps, account), input.start, input.count),
);

export const recent = handle(listRecentMessages, (deps, { account, input }) => {
  const world = deps.world();
  const list = inbox(deps, account).filter((c) => {
    if (input.unreadOnly && !c.messages.some((m) => !m.read)) return false;
    if (!input.keywords) return true;
    return W.matchesKeywords([...participantsOf(world, c).map((p) => p.name), ...c.messages.map((m) => m.text)].join(' | '), input.keywords);
  });
  return conversationPage(deps, account, list, input.start, input.limit);
});

export const details = handle(getConversationDetails, (deps, { account, input }) =>
  messagesPage(deps, account, findConversation(deps, account, input.conversationId), input.start, input.count),
);

export const threadMessages = handle(getConversationMessages, (deps, { account, input }) =>
  messagesPage(deps, account, findConversation(deps, account, input.conversationUrn), input.start, input.count),
);

export const credits = handle(getInMailCredits, (deps, { account }) => {
  const c = inMailCredits(deps, account);
  const premiumType = account.premiumType === 'NON_PREMIUM' ? ('FREE' as const) : account.premiumType;
  // The full breakdown only for sales-navigation accounts (spec 2.22).
  return {
    success: true,
    availableCredits: c.available,
    usedCredits: account.hasSalesNavigator ? c.used : null,
    totalCredits: account.hasSalesNavigator ? c.total : null,
    premiumType,
  };
});

export const openProfile = handle(checkEmailSupport, (deps, { input }) => {
  const p = W.findPerson(deps.world(), input.profileId);
  if (!p) throw new DomainError(404, `Profile not found: ${input.profileId}`);
  return { success: true, profileId: p.profileId, openProfile: p.isOpenProfile };
});

// ---------------------------------------------------------------- inbox state

export const typing = handle(sendTypingIndicator, (deps, { account, input }) => {
  findConversation(deps, account, input.conversationId);
  return { success: true };
});

export const seen = handle(markSeen, (deps, { account, input }) => {
  const c = findConversation(deps, account, input.conversationId);
  markRead(deps.db, account.id, c.conversationId, deps.clock.now());
  return { success: true };
});

export const allRead = handle(markAllRead, (deps, { account }) => {
  let markedCount = 0;
  for (const c of inbox(deps, account)) {
    const unread = c.messages.filter((m) => !m.read).length;
    if (unread === 0) continue;
    markedCount += unread;
    markRead(deps.db, account.id, c.conversationId, deps.clock.now());
  }
  return { success: true, markedCount };
});

// ---------------------------------------------------------------- sends

const acked = (r: ReturnType<typeof sendMessage>) => ({ ...r, delivered: true, deliveredAt: r.sentAt });

export const message = handle(sendMessageEntry, (deps, { account, input }) =>
  sendMessage(deps, account, {
    text: input.message,
    inMail: input.inMail,
    ...(input.recipientProfileId !== undefined ? { recipientProfileId: input.recipientProfileId } : {}),
    ...(input.conversationId !== undefined ? { conversationId: input.conversationId } : {}),
    ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
  }),
);

export const conversationSend = handle(sendConversationMessage, (deps, { account, input }) =>
  sendMessage(deps, account, {
    text: input.message,
    copyToCrm: input.copyToCrm,
    // Sales-navigation accounts are routed to the sales-navigation inbox (C7).
    salesNavigator: account.hasSalesNavigator,
    ...(input.recipientProfileId !== undefined ? { recipientProfileId: input.recipientProfileId } : {}),
    ...(input.conversationId !== undefined ? { conversationId: input.conversationId } : {}),
  }),
);

export const withTyping = handle(sendWithTyping, (deps, { account, input }) => sendMessage(deps, account, { conversationId: input.conversationId, text: input.message }));

export const withAck = handle(sendWithAck, (deps, { account, input }) => acked(sendMessage(deps, account, { conversationId: input.conversationId, text: input.message })));

export const groupWithTyping = handle(sendGroupWithTyping, (deps, { account, input }) =>
  sendMessage(deps, account, { conversationId: input.conversationId, text: input.message, groupOnly: true }),
);

export const groupWithAck = handle(sendGroupWithAck, (deps, { account, input }) =>
  acked(sendMessage(deps, account, { conversationId: input.conversationId, text: input.message, groupOnly: true })),
);

export const direct = handle(sendDirectMessage, (deps, { account, input }) =>
  sendMessage(deps, account, {
    text: input.message,
    ...(input.recipientProfileId !== undefined ? { recipientProfileId: input.recipientProfileId } : {}),
    ...(input.conversationId !== undefined ? { conversationId: input.conversationId } : {}),
  }),
);

export const groupMember = handle(sendGroupContextMessage, (deps, { account, input }) =>
  sendMessage(deps, account, { recipientProfileId: input.recipientProfileId, groupId: input.groupId, text: input.message }),
);
