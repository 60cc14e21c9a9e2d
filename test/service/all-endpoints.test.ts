import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, isWrite, toRequestParts, type AnyEndpoint } from '../../src/contract/index.js';
import { AuditLog } from '../../src/service/audit/log.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { findPerson, type World } from '../../src/service/world/index.js';
import { startLive, type LiveService } from './http-harness.js';

/**
 * Every endpoint of the contract, called over HTTP against the generated
 * world: a 200 whose body the pipeline has checked against the entry's output
 * schema. Every write is then sent again with the same Idempotency-Key: it
 * is replayed, and acts once.
 */

const BUSINESS = DEMO_ACCOUNTS.businessPremium;
const SALES = DEMO_ACCOUNTS.salesNavigator;

let live: LiveService;
let world: World;
const inputs = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  live = await startLive();
  world = live.service.deps.world();
  const acting = live.service.accounts.find('demo', BUSINESS)!;
  const view = live.service.deps.view(acting);
  const connected = new Set(view.connections.map((c) => c.personId));
  const friends = view.connections.map((c) => findPerson(world, c.personId)!);
  const strangers = world.people.filter((p) => !connected.has(p.id) && !p.isOpenProfile && p.id !== friends[0]!.id);
  const post = world.posts.find((p) => p.visibility === 'PUBLIC' && p.canComment && p.comments.length > 0)!;
  const comment = post.comments[0]!;
  // A group of the account's own (group messaging needs both sides in it; private member lists need membership).
  const group = world.groups.find((g) => view.groupIds.includes(g.groupId) && g.members.length > 3 && g.members.some((m) => !connected.has(m.personId)))!;
  const notJoined = world.groups.find((g) => !view.groupIds.includes(g.groupId))!;
  const member = findPerson(world, group.members.find((m) => !connected.has(m.personId))!.personId)!;
  const direct = view.conversations.find((c) => c.kind === 'direct')!;
  const groupChat = view.conversations.find((c) => c.kind === 'group')!;
  const a = { accountId: BUSINESS };
  const set = (id: string, input: Record<string, unknown>) => inputs.set(id, input);
  set('A1', a);
  set('A2', a);
  set('A3', a);
  set('A4', a);
  set('A5', { ...a, count: 5 });
  set('A6', { ...a, count: 5 });
  set('A7', a);
  set('A8', { ...a, days: 30 });
  set('X1', {});
  set('B1', { ...a, profileId: strangers[1]!.profileId });
  set('B2', { ...a, recipientProfileId: strangers[2]!.profileId, message: 'An InMail for you', inMail: true });
  set('B3', { ...a, profileId: strangers[3]!.profileId, message: 'Let us connect' });
  set('B4', { ...a, profileId: friends[0]!.profileId });
  set('B5', { ...a, postUrn: post.activityUrn, commentId: comment.commentId, commentText: 'Agreed!' });
  set('B6', a);
  set('C3', a);
  set('C4', { accountId: SALES });
  set('C5', a);
  set('C6', { ...a, conversationUrn: direct.conversationUrn });
  set('C7', { ...a, recipientProfileId: friends[1]!.profileId, message: 'Hello again' });
  set('D1', a);
  set('D2', { ...a, conversationId: direct.conversationId });
  set('D3', { ...a, conversationId: direct.conversationId });
  set('D4', { ...a, conversationId: direct.conversationId, message: 'Typing first', typingDuration: 500 });
  set('D5', { ...a, conversationId: direct.conversationId, message: 'With ack' });
  set('D6', { ...a, conversationId: groupChat.conversationId, message: 'Hi all' });
  set('D7', { ...a, conversationId: groupChat.conversationId, message: 'Hi all, acked' });
  set('D8', { ...a, profileId: strangers[4]!.profileId });
  set('D9', { ...a, conversationId: direct.conversationId });
  set('D10', a);
  set('D11', { ...a, recipientProfileId: friends[2]!.profileId, message: 'Direct hello' });
  set('D12', { ...a, recipientProfileId: member.profileId, groupId: group.groupId, message: 'Fellow member here' });
  set('E1', a);
  set('E2', { ...a, profileId: friends[0]!.profileId });
  set('E3', { ...a, postUrn: post.activityUrn, reactionType: 'INTEREST' });
  set('E4', { ...a, postUrn: post.activityUrn, commentText: 'Useful, thanks.' });
  set('E5', { ...a, postUrn: post.activityUrn });
  set('E6', { ...a, postUrn: post.activityUrn });
  set('E7', { ...a, commentId: comment.commentId, postUrl: post.postUrl });
  set('E8', { ...a, postUrn: post.postUrl });
  set('E9', { ...a, postUrn: post.activityUrn });
  set('E10', { ...a, keywords: ['data'] });
  set('E11', { ...a, postUrl: post.postUrl });
  set('E12', { ...a, keywords: 'data', count: 20 });
  set('E13', { ...a, keywords: 'data' });
  set('F1', { ...a, groupId: group.groupId });
  set('F2', { ...a, groupUrl: group.groupUrl });
  set('F3', { ...a, profileUrl: friends[0]!.profileUrl, includeContact: true });
  set('F4', { ...a, industry: world.companies[0]!.industry });
  set('F5', { ...a, group: group.groupId });
  set('F6', { ...a, event: '7123456789' });
  set('G1', { ...a, keywords: world.jobs[0]!.title.split(' ')[0] });
  set('G2', { ...a, filters: { companySize: ['D'] } });
  set('G3', { ...a, keywords: group.name.split(' ')[0] });
  set('G4', { ...a, filters: { connectionDegree: ['F'] } });
  set('G5', { ...a, jobId: world.jobs[0]!.jobId });
  set('G6', { ...a, companyId: world.companies[0]!.companyId });
  set('G7', { ...a, groupId: group.groupId });
  set('X2', { ...a, groupId: notJoined.groupId });
  set('G8', { ...a, keywords: 'london' });
});

afterAll(async () => {
  await live.close();
});

async function send(e: AnyEndpoint, input: Record<string, unknown>, key?: string) {
  const parts = toRequestParts(e, input);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.query)) for (const one of [v].flat()) query.append(k, one);
  const path = `${parts.path}${query.size ? `?${query}` : ''}`;
  return live.request(e.method, path, { ...(parts.body ? { body: parts.body } : {}), ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
}

describe('every endpoint of the contract', () => {
  it('has a sample input here', () => {
    expect(ENDPOINTS.filter((e) => !inputs.has(e.id)).map((e) => e.id)).toEqual([]);
  });

  for (const e of ENDPOINTS) {
    it(`${e.id} ${e.method} ${e.path} answers 200 in its contract shape${isWrite(e) ? ', and once per Idempotency-Key' : ''}`, async () => {
      live.clock.advance(5_000); // stay under every per-minute limit
      const input = inputs.get(e.id)!;
      const key = isWrite(e) ? `all-endpoints-${e.id}` : undefined;
      const first = await send(e, input, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      if (!key) return;
      const again = await send(e, input, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      const performed = new AuditLog(live.service.db, () => 0).list({ limit: 1000 }).filter((x) => x.idempotencyKey === key);
      expect(performed).toHaveLength(1);
    });
  }
});
