import { z } from 'zod';
import { IsoDateTime } from '../common.js';

/** Conversations and messages (spec 2.23, C5-C7, B2, D1-D12; fields beyond 2.23 decided). */

export const Participant = z.object({
  profileId: z.string(),
  name: z.string(),
  headline: z.string(),
});
export type Participant = z.infer<typeof Participant>;

/** Spec 2.23: sales-navigation threads carry source and salesNavThreadId; standard threads omit both. */
export const ConversationItem = z.object({
  conversationId: z.string(),
  participants: z.array(Participant),
  lastMessage: z.object({ text: z.string(), senderProfileId: z.string(), sentAt: IsoDateTime }).nullable(),
  unreadCount: z.number(),
  lastActivityAt: IsoDateTime,
  source: z.literal('sales_navigator').optional(),
  salesNavThreadId: z.string().optional(),
});
export type ConversationItem = z.infer<typeof ConversationItem>;

export const ConversationList = z.object({
  success: z.boolean(),
  conversations: z.array(ConversationItem),
  hasMore: z.boolean(),
});
export type ConversationList = z.infer<typeof ConversationList>;

export const Message = z.object({
  messageId: z.string(),
  sender: z.object({ profileId: z.string(), name: z.string() }),
  text: z.string(),
  sentAt: IsoDateTime,
  /** Attachment URLs. */
  attachments: z.array(z.string()),
  /** One emoji per reaction on the message. */
  reactions: z.array(z.string()),
});
export type Message = z.infer<typeof Message>;

/** One conversation with its messages, oldest first (D2, C6); participants carry the sender profiles. */
export const ConversationMessages = z.object({
  success: z.boolean(),
  conversationId: z.string(),
  participants: z.array(Participant),
  source: z.literal('sales_navigator').optional(),
  messages: z.array(Message),
  hasMore: z.boolean(),
});
export type ConversationMessages = z.infer<typeof ConversationMessages>;

/** Result of every message send. threadId only for sales-navigation sends (C7). */
export const MessageSent = z.object({
  success: z.boolean(),
  messageId: z.string(),
  conversationId: z.string(),
  sentAt: IsoDateTime,
  threadId: z.string().optional(),
});
export type MessageSent = z.infer<typeof MessageSent>;

/** Send with delivery acknowledgment (D5, D7). */
export const MessageAcknowledged = MessageSent.extend({
  delivered: z.boolean(),
  deliveredAt: IsoDateTime.nullable(),
});
export type MessageAcknowledged = z.infer<typeof MessageAcknowledged>;

/** D8: whether a profile accepts free messages from non-connections (open profile). */
export const EmailSupport = z.object({
  success: z.boolean(),
  profileId: z.string(),
  openProfile: z.boolean(),
});
export type EmailSupport = z.infer<typeof EmailSupport>;

/** D10 response. */
export const MarkedAllRead = z.object({ success: z.boolean(), markedCount: z.number() });
export type MarkedAllRead = z.infer<typeof MarkedAllRead>;
