import { describe, expect, it } from 'vitest';
import { EVENT_DATA_SCHEMAS, WEBHOOK_EVENTS, payloadSchema } from '../../../src/service/webhooks/events.js';
import { ACCOUNT } from './helpers.js';

const person = { profileId: 'jane-doe', fullName: 'Jane Doe', headline: 'VP Sales' };
const at = '2026-01-05T10:00:00.000Z';

const examples = {
  'connection.accepted': { accountId: ACCOUNT, ...person, connectionDate: at },
  'message.received': { accountId: ACCOUNT, conversationId: 'c1', messageId: 'm1', sender: person, text: 'Hi', receivedAt: at, isSalesNavigator: true },
  'post.commented': { accountId: ACCOUNT, postUrn: 'urn:li:activity:1', postUrl: 'https://network.example/posts/1', commentId: 'k1', commenter: person, text: 'Great post', commentedAt: at },
  'profile.viewed': { accountId: ACCOUNT, viewer: person, anonymous: false, viewedAt: at },
  'lead.captured': { accountId: ACCOUNT, source: 'message', profile: person, capturedAt: at, note: null },
  'account.status_changed': { accountId: ACCOUNT, status: 'IN_USE', previousStatus: 'AVAILABLE', reason: 'network_rate_limited', until: at },
} as const;

describe('event payload schemas', () => {
  it('covers exactly the five events of spec section 6 and the account.status_changed extension', () => {
    expect(Object.keys(EVENT_DATA_SCHEMAS)).toEqual([...WEBHOOK_EVENTS]);
    expect(WEBHOOK_EVENTS).toEqual(['connection.accepted', 'message.received', 'post.commented', 'profile.viewed', 'lead.captured', 'account.status_changed']);
  });

  it.each(WEBHOOK_EVENTS)('%s: the documented example is valid and accountId is required', (event) => {
    const data = examples[event];
    expect(payloadSchema(event).safeParse({ event, timestamp: at, data }).success).toBe(true);
    const { accountId: _a, ...withoutAccount } = data;
    expect(EVENT_DATA_SCHEMAS[event].safeParse(withoutAccount).success).toBe(false);
  });

  it('profile.viewed: viewer is null exactly when anonymous', () => {
    const s = EVENT_DATA_SCHEMAS['profile.viewed'];
    expect(s.safeParse({ accountId: ACCOUNT, viewer: null, anonymous: true, viewedAt: at }).success).toBe(true);
    expect(s.safeParse({ accountId: ACCOUNT, viewer: person, anonymous: true, viewedAt: at }).success).toBe(false);
    expect(s.safeParse({ accountId: ACCOUNT, viewer: null, anonymous: false, viewedAt: at }).success).toBe(false);
  });

  it('a payload names its own event', () => {
    const r = payloadSchema('lead.captured').safeParse({ event: 'profile.viewed', timestamp: at, data: examples['lead.captured'] });
    expect(r.success).toBe(false);
  });
});
