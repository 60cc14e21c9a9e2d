import { createHash } from 'node:crypto';
import { membershipOf } from '../groups/index.js';
import type { PremiumType } from '../../../contract/index.js';
import * as W from '../../world/index.js';
import { DomainError, type ActingAccount, type DomainDeps } from '../context.js';
import { timeId } from '../posts/ids.js';
import { unit } from '../actions/simulation.js';
import { addConversation, addMessage, inMailsSince, inboxOf, scheduleReply, type InboxConversation } from './store.js';

/** Inbox reads and the one way every message is sent (B2, C7, D4-D7, D11, D12). */

export const SALES_THREAD_PREFIX = 'urn:li:fs_salesThread:';

export function inbox(deps: DomainDeps, account: ActingAccount): InboxConversation[] {
  return inboxOf(deps.db, account.id, deps.view(account).conversations);
}

/** By conversation id or URN (URL-encoded or not). */
export function findConversation(deps: DomainDeps, account: ActingAccount, ref: string): InboxConversation {
  let wanted = ref;
  try {
    wanted = decodeURIComponent(ref);
  } catch {
    // not encoded
  }
  // A thread URL (…/messaging/thread/<id>/) names the conversation by its id.
  wanted = /\/messaging\/thread\/([^/?#]+)/.exec(wanted)?.[1] ?? wanted;
  const found = inbox(deps, account).find((c) => c.conversationId === wanted || c.conversationUrn === wanted);
  if (!found) throw new DomainError(404, `Conversation not found: ${ref}`);
  return found;
}

export function participantsOf(world: W.World, c: InboxConversation) {
  return c.participantIds.flatMap((id) => {
    const p = W.findPerson(world, id);
    return p ? [{ profileId: p.profileId, name: `${p.firstName} ${p.lastName}`, headline: p.headline }] : [];
  });
}

export function senderOf(world: W.World, account: ActingAccount, personId: string | null): { profileId: string; name: string } {
  if (personId === null) return { profileId: account.publicId, name: `${account.firstName} ${account.lastName}` };
  const p = W.findPerson(world, personId);
  return p ? { profileId: p.profileId, name: `${p.firstName} ${p.lastName}` } : { profileId: personId, name: 'Unknown member' };
}

export function conversationItem(world: W.World, account: ActingAccount, c: InboxConversation) {
  const last = c.messages[c.messages.length - 1];
  return {
    conversationId: c.conversationId,
    participants: participantsOf(world, c),
    lastMessage: last ? { text: last.text, senderProfileId: senderOf(world, account, last.senderPersonId).profileId, sentAt: new Date(last.sentAt).toISOString() } : null,
    unreadCount: c.messages.filter((m) => !m.read).length,
    lastActivityAt: new Date(last?.sentAt ?? 0).toISOString(),
    ...(c.source === 'sales_navigator' ? { source: 'sales_navigator' as const, salesNavThreadId: c.salesNavThreadId ?? c.conversationId } : {}),
  };
}

/** Monthly InMail allotments by plan (decided; see docs/spec-decisions.md). */
export const INMAIL_CREDITS_PER_MONTH: Record<PremiumType, number> = {
  SALES_NAVIGATOR: 50,
  RECRUITER: 100,
  BUSINESS_PREMIUM: 15,
  NON_PREMIUM: 0,
};

export function monthStart(nowMs: number): number {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function inMailCredits(deps: DomainDeps, account: ActingAccount): { total: number; used: number; available: number } {
  const total = INMAIL_CREDITS_PER_MONTH[account.premiumType];
  const used = inMailsSince(deps.db, account.id, monthStart(deps.clock.now()));
  return { total, used, available: Math.max(0, total - used) };
}

export interface SendRequest {
  recipientProfileId?: string;
  conversationId?: string;
  text: string;
  inMail?: boolean;
  groupId?: string;
  /** Route to the sales-navigation inbox (C7 on a sales-navigation account). */
  salesNavigator?: boolean;
  copyToCrm?: boolean;
  /** The conversation must be a group conversation (D6, D7). */
  groupOnly?: boolean;
}

export interface SendResult {
  success: true;
  messageId: string;
  conversationId: string;
  sentAt: string;
  threadId?: string;
}

const shortHash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);

/** Checks who may be messaged, stores the message, schedules a possible reply. */
export function sendMessage(deps: DomainDeps, account: ActingAccount, req: SendRequest): SendResult {
  const world = deps.world();
  const now = deps.clock.now();
  let conversation: InboxConversation;
  let inMail = false;
  if (req.conversationId !== undefined) {
    conversation = findConversation(deps, account, req.conversationId);
    if (req.groupOnly && conversation.kind !== 'group') {
      throw new DomainError(400, `conversationId: ${req.conversationId} is not a group conversation; use send_message_with_typing or send_direct_message`);
    }
  } else {
    const person = W.findPerson(world, req.recipientProfileId ?? '');
    if (!person) throw new DomainError(404, `Profile not found: ${req.recipientProfileId}`);
    const name = `${person.firstName} ${person.lastName}`;
    const connected = deps.network.degreeOf(account, person.id) === 1;
    if (!connected) {
      if (req.inMail) {
        if (!account.isPremium) throw new DomainError(403, 'InMail needs a premium account');
        if (inMailCredits(deps, account).available === 0) {
          throw new DomainError(403, `No InMail credits left this month for this account (${INMAIL_CREDITS_PER_MONTH[account.premiumType]} a month)`);
        }
        inMail = true;
      } else if (req.groupId !== undefined) {
        // Group context: both sides must be members; otherwise the 1st-degree rule stands.
        const group = W.findGroup(world, req.groupId);
        if (!group) throw new DomainError(404, `Group not found: ${req.groupId}`);
        const own = membershipOf(deps, account, group);
        if (own !== 'MEMBER') {
          throw new DomainError(
            403,
            `${name} is not a 1st-degree connection, and this account is not a member of group ${group.name} (${group.groupId})${own === 'PENDING' ? ': its request to join is still pending' : ''}; group messaging needs both sides in the group (join_group, POST /groups/join)`,
          );
        }
        if (!group.members.some((m) => m.personId === person.id)) {
          throw new DomainError(403, `${name} is not a 1st-degree connection and not a member of group ${group.name} (${group.groupId}); group messaging reaches members only`);
        }
      } else if (!person.isOpenProfile) {
        throw new DomainError(
          403,
          `${name} is not a 1st-degree connection and has no open profile: send a connection request, or an InMail (inMail: true; premium, spends one credit)`,
        );
      }
    }
    const salesNav = req.salesNavigator === true || (inMail && account.hasSalesNavigator);
    const existing = inbox(deps, account).find(
      (c) => c.kind !== 'group' && c.participantIds.length === 1 && c.participantIds[0] === person.id && (c.source === 'sales_navigator') === salesNav,
    );
    if (existing) conversation = existing;
    else {
      const threadId = salesNav ? timeId(now, account.id, person.id, 'thread').slice(0, 13) : null;
      const conversationId = threadId ?? `2-${shortHash(account.id, person.id, String(now))}==`;
      conversation = {
        conversationId,
        conversationUrn: threadId ? `${SALES_THREAD_PREFIX}${threadId}` : `urn:li:msg_conversation:(urn:li:fsd_profile:${account.id},${conversationId})`,
        source: salesNav ? 'sales_navigator' : 'network',
        salesNavThreadId: threadId,
        kind: inMail ? 'inmail' : 'direct',
        participantIds: [person.id],
        messages: [],
      };
      addConversation(deps.db, account.id, conversation, now);
    }
  }
  const messageId = timeId(now, account.id, conversation.conversationId, req.text, String(conversation.messages.length));
  addMessage(deps.db, account.id, conversation.conversationId, {
    messageId,
    senderPersonId: null,
    text: req.text,
    sentAt: now,
    read: true,
    inMail,
    copyToCrm: req.copyToCrm === true,
  });
  scheduleReplyTo(deps, account, conversation, messageId, now);
  return {
    success: true,
    messageId,
    conversationId: conversation.conversationId,
    sentAt: new Date(now).toISOString(),
    ...(conversation.source === 'sales_navigator' ? { threadId: conversation.salesNavThreadId ?? conversation.conversationId } : {}),
  };
}

/**
 * One participant of the conversation may answer: with the person's reply
 * probability, after about their usual delay (0.5-1.5x, at most 3 days).
 */
function scheduleReplyTo(deps: DomainDeps, account: ActingAccount, c: InboxConversation, messageId: string, nowMs: number): void {
  const world = deps.world();
  const personId = c.participantIds[Math.floor(unit(world.seed, account.id, messageId, 'who') * c.participantIds.length)];
  const person = personId ? W.findPerson(world, personId) : undefined;
  if (!person) return;
  if (unit(world.seed, account.id, messageId, 'replies') >= person.propensity.replyProbability) return;
  const hours = person.propensity.replyDelayHours * (0.5 + unit(world.seed, account.id, messageId, 'delay'));
  const dueAt = nowMs + Math.min(3 * 24 * 3_600_000, Math.max(60_000, Math.round(hours * 3_600_000)));
  scheduleReply(deps.db, {
    accountId: account.id,
    userId: account.userId,
    conversationId: c.conversationId,
    personId: person.id,
    afterMessageId: messageId,
    salesNavigator: c.source === 'sales_navigator',
    dueAt,
  });
}
