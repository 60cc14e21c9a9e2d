import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, Start, pageSize, Text } from '../common.js';
import { InMailCredits, SocialSellingIndex } from '../resources/salesnav.js';
import { ConversationList, ConversationMessages, MessageSent } from '../resources/messaging.js';
import { MessageText } from './actions.js';
import { CONVERSATION_REF, PROFILE_REF, READ_NETWORK, SEND } from './shared.js';

/**
 * Spec 4.3. C1 and C2 are the url modes of people/company search and live in
 * the G4/G2 entries (sharedIds). C5-C7 serve every account and route
 * sales-navigation threads themselves, so they sit in the messaging toolset.
 */

export const getInMailCredits = endpoint({
  id: 'C3',
  tool: 'get_inmail_credits',
  title: 'InMail credits',
  method: 'GET',
  path: '/inmail/credits',
  group: 'account',
  toolset: 'salesnav',
  annotations: READ_NETWORK,
  description: 'InMail credits left; used/total only for sales-navigation accounts.',
  input: z.object({ accountId: AccountIdOptional }),
  output: InMailCredits,
});

export const getSocialSellingIndex = endpoint({
  id: 'C4',
  tool: 'get_ssi',
  title: 'Social selling index',
  method: 'GET',
  path: '/ssi',
  group: 'account',
  toolset: 'salesnav',
  requires: 'salesNavigator',
  annotations: READ_NETWORK,
  description: 'Social selling index 0-100 with four pillars (0-25) and industry/network top-percent rank.',
  input: z.object({ accountId: AccountIdOptional }),
  output: SocialSellingIndex,
});

export const listConversations = endpoint({
  id: 'C5',
  tool: 'list_conversations',
  title: 'Conversations (incl. sales navigation)',
  method: 'GET',
  path: '/conversations',
  group: 'inbox',
  toolset: 'messaging',
  annotations: READ_NETWORK,
  description: 'Conversations, newest first, sales-navigation threads merged in (source=sales_navigator).',
  input: z.object({ accountId: AccountIdOptional, start: Start, count: pageSize(100, 20) }),
  output: ConversationList,
});

export const getConversationMessages = endpoint({
  id: 'C6',
  tool: 'get_conversation_messages',
  title: 'Messages of a conversation',
  method: 'GET',
  path: '/conversations/{conversationUrn}/messages',
  group: 'inbox',
  toolset: 'messaging',
  annotations: READ_NETWORK,
  description: 'Messages of one conversation, oldest first; sales-navigation threads are detected.',
  input: z.object({
    conversationUrn: Text.describe(CONVERSATION_REF),
    accountId: AccountIdOptional,
    start: Start,
    count: pageSize(100, 50),
  }),
  output: ConversationMessages,
});

export const sendConversationMessage = endpoint({
  id: 'C7',
  confirm: 'send',
  tool: 'send_conversation_message',
  title: 'Send in a conversation (routes sales navigation)',
  method: 'POST',
  path: '/conversations/send',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'messaging',
  annotations: SEND,
  description: 'Send into a conversation or to a connection; sales-navigation accounts are routed there and get a threadId.',
  input: z
    .object({
      accountId: AccountIdOptional,
      conversationId: Text.optional().describe(CONVERSATION_REF),
      recipientProfileId: Text.optional().describe(PROFILE_REF),
      message: MessageText,
      copyToCrm: z.boolean().default(false).describe("Copy to the account's CRM"),
    })
    .refine((v) => (v.recipientProfileId === undefined) !== (v.conversationId === undefined), {
      message: 'Give exactly one of recipientProfileId or conversationId',
      path: ['conversationId'],
    }),
  output: MessageSent,
});

export const salesNavEndpoints = [
  getInMailCredits,
  getSocialSellingIndex,
  listConversations,
  getConversationMessages,
  sendConversationMessage,
] as const;
