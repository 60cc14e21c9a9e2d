import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AccountIdOptional, Start, Text, text } from '../common.js';
import { CONVERSATION_REF, POST_REF, PROFILE_REF } from './shared.js';
import { ConnectionRequestSent, FollowResult, Relationship, SentInvitationsPage } from '../resources/profiles.js';
import { MessageSent } from '../resources/messaging.js';
import { CommentPosted } from '../resources/posts.js';
import { READ_NETWORK, SEND, SET_STATE_DESTRUCTIVE } from './shared.js';

/** Spec 4.2 (B1-B6). */

/** Longest connection note the network accepts (spec B3, section 8). */
export const CONNECT_NOTE_MAX = 300;
/** Longest direct message body the service accepts (decided: the network's own limit). */
export const MESSAGE_MAX = 8000;

export const MessageText = text(MESSAGE_MAX);
/** Longest comment or reply the network accepts (decided; replies are comments). */
export const COMMENT_MAX = 1250;
export const CommentText = text(COMMENT_MAX);

export const followProfile = endpoint({
  id: 'B1',
  confirm: (input) => input.action === 'unfollow',
  tool: 'follow_profile',
  title: 'Follow or unfollow',
  method: 'POST',
  path: '/follow',
  group: 'write',
  quota: ['FOLLOW'],
  toolset: 'actions',
  annotations: SET_STATE_DESTRUCTIVE,
  description: 'Follow, or with action=unfollow unfollow, a person or company page (profileId or profileUrn); unfollows spend FOLLOW too.',
  input: z
    .object({
      accountId: AccountIdOptional,
      profileId: Text.optional().describe('Slug, URL or company universal name'),
      profileUrn: Text.optional().describe('Person or company URN'),
      profileType: z.enum(['user', 'company']).default('user'),
      action: z.enum(['follow', 'unfollow']).default('follow'),
    })
    .refine((v) => v.profileId !== undefined || v.profileUrn !== undefined, {
      message: 'profileId or profileUrn is required',
      path: ['profileId'],
    }),
  output: FollowResult,
});

export const sendMessage = endpoint({
  id: 'B2',
  confirm: 'send',
  tool: 'send_message',
  title: 'Send a direct message or InMail',
  method: 'POST',
  path: '/message',
  group: 'write',
  quota: ['MESSAGE'],
  toolset: 'actions',
  requiresWhen: { requirement: 'premium', when: 'inMail=true', test: (input) => input['inMail'] === true },
  annotations: SEND,
  description: 'Message a 1st-degree connection or an existing conversation. Non-connections: inMail=true (premium, spends a credit) or a shared groupId.',
  input: z
    .object({
      accountId: AccountIdOptional,
      recipientProfileId: Text.optional().describe(PROFILE_REF),
      conversationId: Text.optional().describe(CONVERSATION_REF),
      message: MessageText,
      groupId: Text.optional().describe('Group shared with a non-connection'),
      inMail: z.boolean().default(false).describe('Spends an InMail credit'),
      withTypingIndicator: z.boolean().default(false),
    })
    .refine((v) => (v.recipientProfileId === undefined) !== (v.conversationId === undefined), {
      message: 'Give exactly one of recipientProfileId or conversationId',
      path: ['recipientProfileId'],
    }),
  output: MessageSent,
});

export const sendConnectionRequest = endpoint({
  id: 'B3',
  confirm: 'send',
  tool: 'send_connection_request',
  title: 'Send a connection request',
  method: 'POST',
  path: '/connect',
  group: 'write',
  quota: ['CONNECT'],
  toolset: 'actions',
  annotations: SEND,
  description: 'Invite a person to connect, optional note of at most 300 chars. Check get_relationship first to avoid duplicates.',
  input: z.object({
    accountId: AccountIdOptional,
    profileId: Text.describe(PROFILE_REF),
    message: z
      .string()
      .max(CONNECT_NOTE_MAX, { message: `Connection message must be at most ${CONNECT_NOTE_MAX} characters` })
      .optional(),
  }),
  output: ConnectionRequestSent,
});

export const getRelationship = endpoint({
  id: 'B4',
  tool: 'get_relationship',
  title: 'Relationship with a profile',
  method: 'GET',
  path: '/relationship/{profileId}',
  group: 'profile',
  quota: ['PROFILE_VIEW'],
  toolset: 'actions',
  annotations: READ_NETWORK,
  description: 'Connection degree, follow state, pending invitation and available actions toward a profile.',
  input: z.object({ accountId: AccountIdOptional, profileId: Text.describe(PROFILE_REF) }),
  output: Relationship,
});

export const replyToComment = endpoint({
  id: 'B5',
  tool: 'reply_to_comment',
  title: 'Reply to a comment',
  method: 'POST',
  path: '/reply',
  group: 'write',
  quota: ['COMMENT'],
  toolset: 'actions',
  annotations: SEND,
  description: 'Post a threaded reply under an existing comment of a post.',
  input: z.object({
    accountId: AccountIdOptional,
    postUrn: Text.describe(POST_REF),
    commentId: Text.describe('Id or URN'),
    commentText: CommentText,
    companyUrn: Text.optional().describe('Reply as this company page'),
  }),
  output: CommentPosted,
});

export const listSentInvitations = endpoint({
  id: 'B6',
  tool: 'list_sent_invitations',
  title: 'Sent invitations',
  method: 'GET',
  path: '/invitations/sent',
  group: 'content',
  toolset: 'actions',
  annotations: READ_NETWORK,
  description: 'Pending connection requests you sent, newest first.',
  input: z.object({
    accountId: AccountIdOptional,
    startIndex: Start.describe('Offset'),
    debug: z.boolean().default(false).describe('Adds rawResponse'),
  }),
  output: SentInvitationsPage,
});

export const actionEndpoints = [
  followProfile,
  sendMessage,
  sendConnectionRequest,
  getRelationship,
  replyToComment,
  listSentInvitations,
] as const;
