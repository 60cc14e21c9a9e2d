import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { findPerson } from '../../src/service/world/index.js';
import { startLive, type LiveService } from './http-harness.js';

let live: LiveService | undefined;
const dir = mkdtempSync(join(tmpdir(), 'outreach-restart-'));
afterEach(async () => {
  await live?.close();
  live = undefined;
});

describe('restart on the same data directory', () => {
  it('keeps an invitation, a sent message, a reaction, quota usage and the world', async () => {
    const account = DEMO_ACCOUNTS.free;
    live = await startLive({ dataDir: dir });
    const world = live.service.deps.world();
    const view = live.service.deps.view(live.service.accounts.find('demo', account)!);
    const connected = new Set(view.connections.map((c) => c.personId));
    const stranger = world.people.find((p) => !connected.has(p.id))!;
    const friend = findPerson(world, view.connections[0]!.personId)!;
    const post = world.posts.find((p) => p.visibility === 'PUBLIC')!;

    expect((await live.request('POST', '/connect', { body: { accountId: account, profileId: stranger.profileId } })).status).toBe(200);
    const sent = await live.request('POST', '/messaging/send', { body: { accountId: account, recipientProfileId: friend.profileId, message: 'Kept across restarts' } });
    expect(sent.status).toBe(200);
    expect((await live.request('POST', '/posts/react', { body: { accountId: account, postUrn: post.activityUrn, reactionType: 'PRAISE' } })).status).toBe(200);
    const quotaBefore = (await live.request('GET', `/account/${account}/quota`)).body;
    const firstPersonBefore = world.people[0];
    await live.close();

    live = await startLive({ dataDir: dir });
    expect(live.service.deps.world().people[0]).toEqual(firstPersonBefore);
    const invitations = await live.request('GET', `/invitations/sent?accountId=${account}`);
    expect(invitations.body.invitations.map((i: { profile: { publicIdentifier: string } }) => i.profile.publicIdentifier)).toContain(stranger.profileId);
    const convo = await live.request('GET', `/messaging/conversation-details?accountId=${account}&conversationId=${encodeURIComponent(sent.body.conversationId)}&count=100`);
    expect(convo.body.messages.at(-1)).toMatchObject({ messageId: sent.body.messageId, text: 'Kept across restarts' });
    const reactions = await live.request('GET', `/account/${account}/reactions?count=1`);
    expect(reactions.body.reactions[0]).toMatchObject({ reactionType: 'PRAISE' });
    expect((await live.request('GET', `/account/${account}/quota`)).body).toEqual(quotaBefore);
    rmSync(dir, { recursive: true, force: true });
  });
});
