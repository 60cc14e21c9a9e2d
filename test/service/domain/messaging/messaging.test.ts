import { describe, expect, it } from 'vitest';
import { messagingModule } from '../../../../src/service/domain/messaging/index.js';
import { messagingMigrations } from '../../../../src/service/domain/messaging/store.js';
import { groupsMigrations } from '../../../../src/service/domain/groups/index.js';
import { findPerson, type Person } from '../../../../src/service/world/index.js';
import { ACCOUNTS, createHarness, testWorld } from '../harness.js';

const world = testWorld();
const setup = () => {
  const h = createHarness({ migrations: [...messagingMigrations, ...groupsMigrations] });
  const call = <T = any>(id: string, input: Record<string, unknown>, account = ACCOUNTS.free): T => h.call<T>(messagingModule, id, account, input);
  return { h, call };
};

function friendOf(h: ReturnType<typeof createHarness>, account = ACCOUNTS.free): Person {
  return findPerson(world, h.deps.view(account).connections[0]!.personId)!;
}

function strangerOf(h: ReturnType<typeof createHarness>, account = ACCOUNTS.free, n = 0): Person {
  return world.people.filter((p) => h.deps.network.degreeOf(account, p.id) === 3 && !p.isOpenProfile)[n]!;
}

describe('sending to connections', () => {
  it('a message to a 1st-degree connection lands last in its conversation, which comes first in C5 with the preview', () => {
    const { h, call } = setup();
    const friend = friendOf(h);
    h.clock.advance(60_000);
    const sent = call('D11', { recipientProfileId: friend.profileId, message: 'Hello from the test' });
    expect(sent).toMatchObject({ success: true, sentAt: new Date(h.clock.now()).toISOString() });
    expect(sent).not.toHaveProperty('threadId');
    const list = call('C5', {});
    expect(list.conversations[0]).toMatchObject({
      conversationId: sent.conversationId,
      lastMessage: { text: 'Hello from the test', senderProfileId: ACCOUNTS.free.publicId },
    });
    expect(list.conversations[0].participants.map((p: { profileId: string }) => p.profileId)).toContain(friend.profileId);
    const details = call('D2', { conversationId: sent.conversationId, count: 100 });
    expect(details.messages.at(-1)).toMatchObject({ messageId: sent.messageId, text: 'Hello from the test', sender: { profileId: ACCOUNTS.free.publicId } });
  });

  it('refuses a regular message to a stranger without an open profile, naming InMail, and stores nothing', () => {
    const { h, call } = setup();
    const before = call('C5', { count: 100 }).conversations.length;
    const stranger = strangerOf(h);
    expect(() => call('D11', { recipientProfileId: stranger.profileId, message: 'hi' })).toThrow(/InMail \(inMail: true; premium, spends one credit\)/);
    expect(call('C5', { count: 100 }).conversations.length).toBe(before);
  });

  it('lets an open profile be messaged for free (D8 tells which)', () => {
    const { h, call } = setup();
    const open = world.people.find((p) => p.isOpenProfile && h.deps.network.degreeOf(ACCOUNTS.free, p.id) === 3)!;
    expect(call('D8', { profileId: open.profileId })).toEqual({ success: true, profileId: open.profileId, openProfile: true });
    expect(call('D11', { recipientProfileId: open.profileId, message: 'hi' }).success).toBe(true);
  });
});

describe('InMail credits', () => {
  it('an InMail spends exactly one credit; at 0 the next is refused; free accounts have none', () => {
    const { h, call } = setup();
    const account = ACCOUNTS.business;
    expect(call('C3', {}, account)).toEqual({ success: true, availableCredits: 15, usedCredits: null, totalCredits: null, premiumType: 'BUSINESS_PREMIUM' });
    for (let i = 0; i < 15; i++) call('B2', { recipientProfileId: strangerOf(h, account, i).profileId, message: `Hi ${i}`, inMail: true }, account);
    expect(call('C3', {}, account).availableCredits).toBe(0);
    expect(() => call('B2', { recipientProfileId: strangerOf(h, account, 20).profileId, message: 'one more', inMail: true }, account)).toThrow(
      /No InMail credits left this month/,
    );
    expect(call('C3', {}, ACCOUNTS.free)).toMatchObject({ availableCredits: 0, premiumType: 'FREE' });
    expect(() => call('B2', { recipientProfileId: strangerOf(h).profileId, message: 'x', inMail: true })).toThrow('InMail needs a premium account');
    // Sales navigator shows the full breakdown.
    call('B2', { recipientProfileId: strangerOf(h, ACCOUNTS.salesNav).profileId, message: 'lead', inMail: true }, ACCOUNTS.salesNav);
    expect(call('C3', {}, ACCOUNTS.salesNav)).toEqual({ success: true, availableCredits: 49, usedCredits: 1, totalCredits: 50, premiumType: 'SALES_NAVIGATOR' });
  });
});

describe('read state', () => {
  it('mark-seen and mark-all-read change unread counts', () => {
    const { call } = setup();
    const unread = call('D1', { unreadOnly: true, limit: 100 });
    expect(unread.conversations.length).toBeGreaterThan(0);
    const first = unread.conversations[0];
    expect(first.unreadCount).toBeGreaterThan(0);
    call('D9', { conversationId: first.conversationId });
    expect(call('D1', { unreadOnly: true, limit: 100 }).conversations.map((c: { conversationId: string }) => c.conversationId)).not.toContain(first.conversationId);
    const total = call('D1', { unreadOnly: true, limit: 100 }).conversations.reduce((n: number, c: { unreadCount: number }) => n + c.unreadCount, 0);
    expect(call('D10', {})).toEqual({ success: true, markedCount: total });
    expect(call('D1', { unreadOnly: true }).conversations).toEqual([]);
  });
});

describe('sales navigation', () => {
  it('C5 merges sales threads for a sales-navigation account only; C6 serves them by URN; C7 routes and returns a threadId', () => {
    const { h, call } = setup();
    const sales = call('C5', { count: 100 }, ACCOUNTS.salesNav).conversations.filter((c: { source?: string }) => c.source === 'sales_navigator');
    expect(sales.length).toBeGreaterThan(0);
    expect(sales[0].salesNavThreadId).toBe(sales[0].conversationId);
    expect(call('C5', { count: 100 }, ACCOUNTS.business).conversations.some((c: { source?: string }) => c.source)).toBe(false);
    const thread = call('C6', { conversationUrn: encodeURIComponent(`urn:li:fs_salesThread:${sales[0].salesNavThreadId}`) }, ACCOUNTS.salesNav);
    expect(thread).toMatchObject({ conversationId: sales[0].conversationId, source: 'sales_navigator' });
    const friend = friendOf(h, ACCOUNTS.salesNav);
    const sent = call('C7', { recipientProfileId: friend.profileId, message: 'via sales nav', copyToCrm: true }, ACCOUNTS.salesNav);
    expect(sent.threadId).toMatch(/^\d+$/);
    expect(call('C6', { conversationUrn: `urn:li:fs_salesThread:${sent.threadId}` }, ACCOUNTS.salesNav).messages.at(-1).text).toBe('via sales nav');
    expect(call('C7', { recipientProfileId: friendOf(h, ACCOUNTS.business).profileId, message: 'plain' }, ACCOUNTS.business)).not.toHaveProperty('threadId');
  });

  it('answers 404 for an unknown conversation', () => {
    const { call } = setup();
    expect(() => call('D2', { conversationId: 'nope' })).toThrow('Conversation not found: nope');
  });
});

describe('group conversations', () => {
  it('D6/D7 only send into group conversations; D12 reaches members of a named group', () => {
    const { h, call } = setup();
    const conversations = call('C5', { count: 100 }).conversations;
    const direct = conversations.find((c: { participants: unknown[] }) => c.participants.length === 1);
    expect(() => call('D7', { conversationId: direct.conversationId, message: 'x' })).toThrow(/is not a group conversation/);
    // D12 needs both sides in the group: a group of the account's own (from its view) with a stranger in it.
    const stranger = (g: (typeof world.groups)[number]) => g.members.find((m) => h.deps.network.degreeOf(ACCOUNTS.free, m.personId) === 3 && !findPerson(world, m.personId)!.isOpenProfile);
    const own = new Set(h.deps.view(ACCOUNTS.free).groupIds);
    const group = world.groups.find((g) => own.has(g.groupId) && stranger(g))!;
    const member = findPerson(world, stranger(group)!.personId)!;
    expect(call('D12', { recipientProfileId: member.profileId, groupId: group.groupId, message: 'fellow member' }).success).toBe(true);
    const outsider = world.people.find((p) => !group.members.some((m) => m.personId === p.id) && h.deps.network.degreeOf(ACCOUNTS.free, p.id) === 3 && !p.isOpenProfile)!;
    expect(() => call('D12', { recipientProfileId: outsider.profileId, groupId: group.groupId, message: 'x' })).toThrow(
      `${outsider.firstName} ${outsider.lastName} is not a 1st-degree connection and not a member of group ${group.name} (${group.groupId}); group messaging reaches members only`,
    );
  });
});

describe('simulated replies', () => {
  it('a reply lands unread after the person’s delay and raises exactly one message.received', () => {
    const { h, call } = setup();
    const connections = h.deps.view(ACCOUNTS.free).connections.map((c) => findPerson(world, c.personId)!);
    const sent = connections.slice(0, 12).map((p) => ({ p, r: call('D11', { recipientProfileId: p.profileId, message: `Hi ${p.firstName}` }) }));
    h.clock.advance(4 * 24 * 3_600_000);
    messagingModule.runDue!(h.deps, h.clock.now());
    messagingModule.runDue!(h.deps, h.clock.now()); // twice: nothing twice
    const events = h.events.filter((e) => e.event === 'message.received');
    expect(events.length).toBeGreaterThan(0);
    const keys = events.map((e) => e.data.messageId);
    expect(new Set(keys).size).toBe(keys.length);
    const e = events[0]!;
    const who = sent.find((s) => s.r.conversationId === e.data.conversationId)!;
    expect(e).toMatchObject({
      accountId: ACCOUNTS.free.id,
      data: {
        conversationId: who.r.conversationId,
        sender: { profileId: who.p.profileId, fullName: `${who.p.firstName} ${who.p.lastName}`, headline: who.p.headline },
        isSalesNavigator: false,
      },
    });
    const convo = call('D2', { conversationId: who.r.conversationId, count: 100 });
    expect(convo.messages.at(-1)).toMatchObject({ messageId: e.data.messageId, text: e.data.text, sender: { profileId: who.p.profileId } });
    expect(call('C5', { count: 100 }).conversations.find((c: { conversationId: string }) => c.conversationId === who.r.conversationId).unreadCount).toBeGreaterThan(0);
  });
});
