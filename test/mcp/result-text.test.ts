import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, isWrite } from '../../src/contract/index.js';
import { MAX_TEXT_CHARS, renderResult } from '../../src/mcp/render.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { findPerson } from '../../src/service/world/index.js';
import { openEmbedded, textOf, type EmbeddedMcp } from './embedded-harness.js';

/**
 * Many hosts hand the model only a result's text: for every read tool, called
 * through an SDK Client against the embedded service, the text names every
 * item id that structuredContent holds, and says how many items each list has.
 */

const SALES = DEMO_ACCOUNTS.salesNavigator;
let mcp: EmbeddedMcp;
const inputs = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  mcp = await openEmbedded();
  const world = mcp.live.service.deps.world();
  const acting = mcp.live.service.accounts.find('demo', SALES)!;
  const view = mcp.live.service.deps.view(acting);
  const friends = view.connections.map((c) => findPerson(world, c.personId)!);
  const post = world.posts.find((p) => p.visibility === 'PUBLIC' && p.comments.length > 2 && p.reactions.length > 2) ?? world.posts.find((p) => p.visibility === 'PUBLIC')!;
  const group = world.groups.find((g) => g.members.length > 3)!;
  const direct = view.conversations.find((c) => c.kind === 'group') ?? view.conversations[0]!;
  const a = { accountId: SALES };
  const set = (tool: string, input: Record<string, unknown>) => inputs.set(tool, input);
  set('get_account_status', a);
  set('get_account_status_by_id', a);
  set('get_premium_status', a);
  set('get_account_activity', a);
  set('list_own_comments', { ...a, count: 20 });
  set('list_own_reactions', { ...a, count: 20 });
  set('get_quota_report', a);
  set('list_profile_visitors', { ...a, days: 90 });
  set('list_accounts', {});
  set('get_relationship', { ...a, profileId: friends[0]!.profileId });
  set('list_sent_invitations', a);
  set('get_inmail_credits', a);
  set('get_ssi', a);
  set('list_conversations', { ...a, count: 20 });
  set('get_conversation_messages', { ...a, conversationUrn: direct.conversationUrn });
  set('list_recent_messages', a);
  set('get_conversation_details', { ...a, conversationId: direct.conversationId });
  set('check_open_profile', { ...a, profileId: friends[1]!.profileId });
  set('get_feed', { ...a, count: 20 });
  set('get_latest_posts', { ...a, profileId: post.author.type === 'person' ? findPerson(world, post.author.personId)!.profileId : friends[0]!.profileId });
  set('list_post_comments', { ...a, postUrn: post.activityUrn });
  set('list_all_post_comments', { ...a, postUrn: post.activityUrn });
  set('list_post_reactions', { ...a, postUrn: post.activityUrn });
  set('search_posts_by_author_roles', { ...a, keywords: ['data', 'sales'] });
  set('scrape_post', { ...a, postUrl: post.postUrl });
  set('search_posts', { ...a, keywords: 'data', count: 20 });
  set('search_posts_v1', { ...a, keywords: 'data' });
  set('list_group_members', { ...a, groupId: group.groupId });
  set('list_group_members_by_url', { ...a, groupUrl: group.groupUrl });
  set('get_profile', { ...a, profileUrl: friends[0]!.profileUrl });
  set('list_organizations', { ...a, count: 20 });
  set('list_group_members_legacy', { ...a, group: group.groupId });
  set('list_event_attendees', { ...a, event: '7123456789' });
  set('get_group_details', { ...a, groupId: group.groupId });
  set('search_jobs', { ...a, keywords: world.jobs[0]!.title.split(' ')[0] });
  set('search_companies', { ...a, keywords: 'software' });
  set('search_groups', { ...a, keywords: group.name.split(' ')[0] });
  set('search_people', { ...a, keywords: 'engineer', count: 10 });
  set('get_job_details', { ...a, jobId: world.jobs[0]!.jobId });
  set('get_company_details', { ...a, companyId: world.companies[0]!.companyId });
  set('search_geo', { ...a, keywords: 'new' });
});

afterAll(async () => {
  await mcp.close();
});

type Obj = Record<string, unknown>;
const ID_KEY = /^(id|.*Id|.*Urn)$/;

/** Every id-like string anywhere inside the items of every list of a result. */
function itemIds(value: unknown, inList = false, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) itemIds(v, true, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Obj)) {
      if (inList && ID_KEY.test(k) && typeof v === 'string' && v !== '') out.push(v);
      else itemIds(v, inList, out);
    }
  }
  return out;
}

describe('result text', () => {
  it('has a sample input for every read tool', () => {
    const reads = ENDPOINTS.filter((e) => !isWrite(e)).map((e) => e.tool);
    expect(reads.filter((t) => !inputs.has(t))).toEqual([]);
  });

  it('names every item id of every list in structuredContent, and the size of each list', async () => {
    const withLists: string[] = [];
    for (const [tool, input] of inputs) {
      mcp.step();
      const result = await mcp.agent.callTool({ name: tool, arguments: input });
      const text = textOf(result);
      expect(result.isError, `${tool}: ${text}`).toBeFalsy();
      const structured = result.structuredContent as Obj;
      const ids = itemIds(structured);
      for (const id of ids) expect(text, `${tool} lost ${id}`).toContain(id);
      for (const [key, v] of Object.entries(structured)) if (Array.isArray(v)) expect(text, tool).toContain(`${key} (${v.length}):`);
      expect(text).not.toContain('{…}');
      if (ids.length > 0) withLists.push(tool);
    }
    // Not vacuous: the list tools of the table answered with items.
    expect(withLists).toEqual(
      expect.arrayContaining(['search_people', 'get_feed', 'list_recent_messages', 'get_conversation_details', 'list_post_comments', 'list_group_members', 'search_companies', 'list_accounts']),
    );
    expect(withLists.length).toBeGreaterThanOrEqual(20);
  });

  it('shows a 10-person search as 10 lines with id, name and degree, and how to get the next page', async () => {
    mcp.step();
    const result = await mcp.agent.callTool({ name: 'search_people', arguments: { accountId: SALES, keywords: 'engineer', count: 10 } });
    const text = textOf(result);
    const people = (result.structuredContent as { people: { profileId: string; firstName: string; lastName: string; connectionDegree: string }[] }).people;
    expect(people).toHaveLength(10);
    const lines = text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(10);
    people.forEach((p, i) => {
      expect(lines[i]).toContain(`profileId=${p.profileId}`);
      expect(lines[i]).toContain(`firstName=${p.firstName}`);
      expect(lines[i]).toContain(`connectionDegree=${p.connectionDegree}`);
    });
    expect(text).toContain('More: call again with start=10.');
  });

  it('takes accountId as optional on every tool; path-account tools act for the default account', async () => {
    const { tools } = await mcp.agent.listTools();
    for (const t of tools) expect(t.inputSchema.required ?? [], t.name).not.toContain('accountId');
    const accounts = await mcp.agent.callTool({ name: 'list_accounts', arguments: {} });
    const byDefault = (accounts.structuredContent as { accounts: { id: string; isDefault: boolean }[] }).accounts.find((x) => x.isDefault)!.id;
    for (const tool of ['get_quota_report', 'get_account_status_by_id', 'list_own_comments']) {
      mcp.step();
      const result = await mcp.agent.callTool({ name: tool, arguments: {} });
      expect(result.isError, textOf(result)).toBeFalsy();
      const structured = result.structuredContent as { accountId?: string; id?: string };
      if (tool !== 'list_own_comments') expect(structured.accountId ?? structured.id).toBe(byDefault);
    }
  });

  it('says who sent each message', async () => {
    mcp.step();
    const conversations = await mcp.agent.callTool({ name: 'list_conversations', arguments: { accountId: SALES, count: 1 } });
    const id = (conversations.structuredContent as { conversations: { conversationId: string }[] }).conversations[0]!.conversationId;
    mcp.step();
    const result = await mcp.agent.callTool({ name: 'get_conversation_details', arguments: { accountId: SALES, conversationId: id } });
    const messages = (result.structuredContent as { messages: { sender: { profileId: string; name: string } }[] }).messages;
    const lines = textOf(result).split('\n').filter((l) => l.startsWith('- messageId='));
    expect(lines).toHaveLength(messages.length);
    messages.forEach((m, i) => expect(lines[i]).toContain(`sender={profileId=${m.sender.profileId}, name=${m.sender.name}}`));
  });

  it('cuts a huge result between items and says exactly what is missing and how to page to it', () => {
    const endpoint = ENDPOINTS.find((e) => e.tool === 'list_conversations')!;
    const conversations = Array.from({ length: 400 }, (_, i) => ({ conversationId: `c-${i}`, text: 'x'.repeat(300) }));
    const text = renderResult({ success: true, conversations, hasMore: true }, { endpoint, input: { start: 100, count: 400 } });
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS + 200);
    const shown = text.split('\n').filter((l) => l.startsWith('- ')).length;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(400);
    expect(text).toContain(`(Text cut: conversations 1-${shown} of 400 shown; the other ${400 - shown} are only in structuredContent.)`);
    expect(text).toContain(`More: call again with start=${100 + shown}.`);
  });

  it('quotes strings that could be misread and escapes control characters', () => {
    const text = renderResult({ people: [{ name: 'Doe, Jane', note: 'a\u001b[31mb\nc', empty: '', nothing: null, tags: [] }] });
    expect(text).toBe('people (1):\n- name="Doe, Jane", note="a\\u001b[31mb\\nc", empty=""');
  });
});
