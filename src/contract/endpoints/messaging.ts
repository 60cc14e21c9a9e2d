import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, SearchText, Start, integer, pageSize, Text } from '../common.js';
import {
  ConversationList,
  ConversationMessages,
  EmailSupport,
  MarkedAllRead,
  MessageAcknowledged,
  MessageSent,
} from '../resources/messaging.js';
import { Done } from '../resources/posts.js';
import { MessageText } from './actions.js';
import { CONVERSATION_REF, PROFILE_REF, READ_NETWORK, SEND, SET_STATE } from './shared.js';

/** Spec 4.4 (D1-D12). Bodies of D3-D12 are decided; see docs/spec-decisions.md. */

const conversationId = Text.describe(CONVERSATION_REF);
/** Typing shown before the send, in milliseconds (D4, D6). */
const typingDuration = integer({ min: 0, max: 10000 }).default(2000).describe('Milliseconds');

const inConversation = z.object({ accountId: AccountIdOptional, conversationId, message: MessageText });
const withTyping = inConversation.extend({ typingDuration });

export const listRecentMessages = endpoint({
  id: 'D1',
  tool: 'list_recent_messages',
  title: 'Recent conversations',
  method: 'GET',
  path: '/messaging/recent-messages',
  aliases: [{ method: 'GET', path: '/messaging/recent' }],
  group: 'inbox',
  quota: ['RECENT_MESSAGES'],
  toolset: 'messaging',
  annotations: READ_NETWORK,
  description: 'Recent conversations: participants, unread counts, last-message preview; filter by keywords or unreadOnly.',
  input: z.object({
    accountId: AccountIdOptional,
    keywords: SearchText.optional(),
    unreadOnly: z.boolean().default(false),
    limit: pageSize(100, 20),
    start: Start,
  }),
  output: ConversationList,
});

export const getConversationDetails = endpoint({
  id: 'D2',
  tool: 'get_conversation_details',
  title: 'Conversation details',
  method: 'GET',
  path: '/messaging/conversation-details',
  aliases: [{ method: 'GET', path: '/messaging/conversation/{conversationId}' }],
  group: 'inbox',
  toolset: 'messaging',
  annotations: READ_NETWORK,
  description: 'Full history of one conversation, oldest first, with senders, attachments and reactions.',
  input: z.object({ accountId: AccountIdOptional, conversationId, start: Start, count: pageSize(100, 50) }),
  output: ConversationMessages,
});

export const sendTypingIndicator = endpoint({
  id: 'D3',
  tool: 'send_typing_indicator',
  title: 'Typing indicator',
  method: 'POST',
  path: '/messaging/typing-indicator',
  group: 'inbox',
  toolset: 'messaging',
  annotations: SET_STATE,
  description: 'Show "typing…" in a conversation for a few seconds.',
  input: z.object({ accountId: AccountIdOptional, conversationId }),
  output: Done,
});

export const sendWithTyping = endpoint({
  id: 'D4',
  confirm: 'send',
  tool: 'send_message_with_typing',
  title: 'Send after typing indicator',
  method: 'POST',
  path: '/messaging/send-with-typing',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Send into an existing conversation after showing typing for typingDuration ms.',
  input: withTyping,
  output: MessageSent,
});

export const sendWithAck = endpoint({
  id: 'D5',
  confirm: 'send',
  tool: 'send_message_with_ack',
  title: 'Send with delivery acknowledgment',
  method: 'POST',
  path: '/messaging/send-with-ack',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Send into an existing conversation and report delivery.',
  input: inConversation,
  output: MessageAcknowledged,
});

export const sendGroupWithTyping = endpoint({
  id: 'D6',
  confirm: 'send',
  tool: 'send_group_message_with_typing',
  title: 'Group message after typing indicator',
  method: 'POST',
  path: '/messaging/send-group-with-typing',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Send into an existing group conversation (3+ people) after showing typing.',
  input: withTyping,
  output: MessageSent,
});

export const sendGroupWithAck = endpoint({
  id: 'D7',
  confirm: 'send',
  tool: 'send_group_message_with_ack',
  title: 'Group message with delivery acknowledgment',
  method: 'POST',
  path: '/messaging/send-group-with-ack',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Send into an existing group conversation (3+ people) and report delivery.',
  input: inConversation,
  output: MessageAcknowledged,
});

export const checkEmailSupport = endpoint({
  id: 'D8',
  tool: 'check_open_profile',
  title: 'Free messaging (open profile) check',
  method: 'POST',
  path: '/messaging/check-email-support',
  group: 'profile',
  toolset: 'messaging',
  annotations: READ_NETWORK,
  description: 'Whether a non-connection accepts free messages (open profile); if not, it takes InMail.',
  input: z.object({ accountId: AccountIdOptional, profileId: Text.describe(PROFILE_REF) }),
  output: EmailSupport,
});

export const markSeen = endpoint({
  id: 'D9',
  tool: 'mark_conversation_seen',
  title: 'Mark conversation seen',
  method: 'POST',
  path: '/messaging/mark-seen',
  group: 'inbox',
  toolset: 'messaging',
  annotations: SET_STATE,
  description: 'Mark one conversation as seen.',
  input: z.object({ accountId: AccountIdOptional, conversationId }),
  output: Done,
});

export const markAllRead = endpoint({
  id: 'D10',
  tool: 'mark_all_read',
  title: 'Mark all read',
  method: 'POST',
  path: '/messaging/mark-all-read',
  group: 'inbox',
  toolset: 'messaging',
  annotations: SET_STATE,
  description: 'Mark every conversation of the account as read.',
  input: z.object({ accountId: AccountIdOptional }),
  output: MarkedAllRead,
});

export const sendDirectMessage = endpoint({
  id: 'D11',
  confirm: 'send',
  tool: 'send_direct_message',
  title: 'Send a direct message',
  method: 'POST',
  path: '/messaging/send',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Plain message to a 1st-degree connection or into an existing conversation.',
  input: z
    .object({
      accountId: AccountIdOptional,
      recipientProfileId: Text.optional().describe(PROFILE_REF),
      conversationId: conversationId.optional(),
      message: MessageText,
    })
    .refine((v) => (v.recipientProfileId === undefined) !== (v.conversationId === undefined), {
      message: 'Give exactly one of recipientProfileId or conversationId',
      path: ['recipientProfileId'],
    }),
  output: MessageSent,
});

export const sendGroupContextMessage = endpoint({
  id: 'D12',
  confirm: 'send',
  tool: 'send_group_member_message',
  title: 'Message a fellow group member',
  method: 'POST',
  path: '/messaging/send-group',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Message a member of a group you both belong to, even without a connection.',
  input: z.object({
    accountId: AccountIdOptional,
    recipientProfileId: Text.describe(PROFILE_REF),
    groupId: Text.describe('Group you share: id, URN or URL'),
    message: MessageText,
  }),
  output: MessageSent,
});

export const messagingEndpoints = [
  listRecentMessages,
  getConversationDetails,
  sendTypingIndicator,
  sendWithTyping,
  sendWithAck,
  sendGroupWithTyping,
  sendGroupWithAck,
  checkEmailSupport,
  markSeen,
  markAllRead,
  sendDirectMessage,
  sendGroupContextMessage,
] as const;
