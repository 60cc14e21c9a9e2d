import type {
  AccountOwner,
  AccountView,
  AccountViewData,
  CompanyFollowEdge,
  ConnectionDegree,
  ConnectionEdge,
  Conversation,
  ConversationKind,
  ConversationMessage,
  CreatorDashboardMetric,
  FollowEdge,
  OwnComment,
  OwnReaction,
  OwnerProfile,
  ProfileVisit,
  ReceivedInvitation,
  SsiScore,
} from './account-types.js';
import { functionByKey } from './catalog.js';
import { makeActorOf, makeComment, makePost, personContent, type PostContext, type Writer } from './gen-posts.js';
import { Rand, uniqueValue } from './rng.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time.js';
import type { Actor, Person, Post, ReactionType, World } from './types.js';
import { indexOf } from './world-index.js';
import { profileUrl } from './urls.js';

const URN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const REACTIONS: readonly (readonly [ReactionType, number])[] = [
  ['LIKE', 55],
  ['PRAISE', 15],
  ['APPRECIATION', 8],
  ['EMPATHY', 5],
  ['INTEREST', 14],
  ['ENTERTAINMENT', 3],
];

/**
 * One connected account's perspective on the world, derived from
 * (world seed, world epoch, accountId) only. The owner's names and plan are
 * carried along; the plan adds InMail and sales-navigation threads from their
 * own random streams, so switching it leaves everything else as it was.
 */
export function accountView(world: World, accountId: string, owner: AccountOwner): AccountView {
  // Keyed by the generation anchor, not the epoch: every data directory gets the same view and ids.
  const stream = (part: string) => new Rand(world.seed, String(world.anchorMs), 'account', accountId, part);
  const rand = stream('base');
  const index = indexOf(world);
  const epochMs = world.epochMs;
  const ids = new Set<string>();
  for (const p of world.posts) {
    ids.add(p.activityId);
    for (const c of p.comments) {
      ids.add(c.commentId);
      for (const r of c.replies) ids.add(r.commentId);
    }
  }

  // The owner works at a world company, like the people around them.
  const anchor = rand.pick(world.people);
  const company = index.companyById.get(anchor.currentPosition.companyId);
  if (!company) throw new Error('world is inconsistent: unknown company');
  const fn = functionByKey(anchor.jobFunction);
  const title = rand.pick(fn.titles);
  const profileUrn = `urn:li:fsd_profile:ACoAA${rand.chars(URN_CHARS, 34)}`;
  const profile: OwnerProfile = {
    profileUrn,
    profileUrl: profileUrl(owner.publicId),
    headline: `${title} at ${company.name}`,
    industry: company.industry,
    jobFunction: fn.key,
    location: anchor.location,
    currentPosition: { title, companyId: company.companyId, companyName: company.name },
    skills: rand.sample(fn.skills, 6),
  };

  // 1st-degree connections: colleagues, people of the same industry and place, and some anyone.
  const colleagues = world.people.filter((p) => p.currentPosition.companyId === company.companyId);
  const sameIndustry = world.people.filter((p) => p.industry === company.industry);
  const sameCountry = world.people.filter((p) => p.location.countryCode === anchor.location.countryCode);
  const chosen = new Set<Person>([
    ...rand.sample(colleagues, 25),
    ...rand.sample(sameIndustry, rand.int(20, 60)),
    ...rand.sample(sameCountry, rand.int(20, 60)),
    ...rand.sample(world.people, rand.int(20, 60)),
  ]);
  const connections: ConnectionEdge[] = [...chosen]
    .map((p) => ({ personId: p.id, connectedAtMs: epochMs - rand.int(1, 6 * 365) * DAY_MS - rand.int(0, 23) * HOUR_MS }))
    .sort(newestFirst((e) => e.connectedAtMs));
  const first = new Set(connections.map((c) => c.personId));
  const degreeOf = (personId: string): ConnectionDegree => connectionDegree(world, first, personId);
  const connectedPeople = connections.map((c) => index.personById.get(c.personId) as Person);
  const strangers = world.people.filter((p) => !first.has(p.id));

  // Connections follow by default; some strangers follow too.
  const followers: FollowEdge[] = [
    ...connections.filter(() => rand.chance(0.9)).map((c) => ({ personId: c.personId, followedAtMs: c.connectedAtMs })),
    ...rand.sample(strangers, rand.int(10, 150)).map((p) => ({ personId: p.id, followedAtMs: epochMs - rand.int(1, 3 * 365) * DAY_MS })),
  ].sort(newestFirst((e) => e.followedAtMs));
  const influencers = [...world.people].sort((a, b) => b.followers - a.followers).slice(0, 200);
  const following = {
    people: dedupe([
      ...connections.filter(() => rand.chance(0.7)).map((c) => ({ personId: c.personId, followedAtMs: c.connectedAtMs })),
      ...rand.sample(influencers.filter((p) => !first.has(p.id)), rand.int(5, 30)).map((p) => ({ personId: p.id, followedAtMs: epochMs - rand.int(1, 2 * 365) * DAY_MS })),
    ], (e) => e.personId).sort(newestFirst((e) => e.followedAtMs)),
    companies: dedupe<CompanyFollowEdge>([
      { companyId: company.companyId, followedAtMs: epochMs - rand.int(30, 3 * 365) * DAY_MS },
      ...rand.sample(world.companies, rand.int(5, 25)).map((c) => ({ companyId: c.companyId, followedAtMs: epochMs - rand.int(1, 3 * 365) * DAY_MS })),
    ], (e) => e.companyId).sort(newestFirst((e) => e.followedAtMs)),
  };

  const self: Actor = { type: 'account', accountId };
  const conversations = [
    ...directConversations(rand, connectedPeople, self, profileUrn, epochMs, ids, owner),
    ...groupConversations(rand, connectedPeople, self, profileUrn, epochMs, ids, owner),
  ];
  if (owner.premium || owner.salesNavigator) {
    conversations.push(...inmailConversations(stream('inmail'), strangers, self, profileUrn, epochMs, ids, owner));
  }
  if (owner.salesNavigator) {
    conversations.push(...salesConversations(stream('salesnav'), strangers, self, epochMs, ids, owner));
  }
  conversations.sort(newestFirst((c) => lastAt(c)));

  // The account's own posts, engaged with mostly by its network.
  const audience = [...connectedPeople, ...rand.sample(strangers, 60)];
  const ctx: PostContext = { rand, people: audience, ids, epochMs, idShiftMs: epochMs - world.anchorMs, actorOf: makeActorOf(audience) };
  const writer: Writer = { jobFunction: fn.key, skills: profile.skills, currentPosition: profile.currentPosition, location: profile.location };
  const posts: Post[] = Array.from({ length: rand.int(3, 20) }, () => {
    const at = epochMs - Math.floor(Math.pow(rand.next(), 1.5) * 120 * DAY_MS) - rand.int(1, 59) * MINUTE_MS;
    return makePost(ctx, { type: 'account', accountId }, at, personContent(rand, writer), { reach: 0.5 + rand.next() * 1.5 });
  }).sort(newestFirst((p) => p.createdAtMs));

  const { comments, reactions } = ownEngagement(rand, world, self, epochMs, ids);
  const profileVisitors = visitors(rand, world, epochMs);
  const invitationsReceived = invitations(rand, strangers, epochMs, ids);
  const ssi = ssiOf(rand, profile.industry, owner);
  const creatorMetrics = creatorMetricsOf(rand, posts, followers.length, profileVisitors, epochMs);
  const groupIds = groupsOf(stream('groups'), world, profile);

  const data: AccountViewData = {
    accountId,
    owner: { ...owner },
    profile,
    connections,
    followers,
    following,
    conversations,
    posts,
    comments,
    reactions,
    profileVisitors,
    invitationsReceived,
    ssi,
    creatorMetrics,
    groupIds,
  };
  // degreeOf is not enumerable, so a view serializes (and hashes) as its data.
  Object.defineProperty(data, 'degreeOf', { value: degreeOf, enumerable: false });
  return data as AccountView;
}

/**
 * Degree of a world person given the account's 1st-degree set: 1 inside it,
 * 2 when they share a connection with it, else 3. Handlers pass the view's
 * connections plus accepted invitations from their overlay.
 */
export function connectionDegree(world: World, firstDegree: ReadonlySet<string>, personId: string): ConnectionDegree {
  if (firstDegree.has(personId)) return 1;
  const p = indexOf(world).personById.get(personId);
  return p && p.connectionIds.some((c) => firstDegree.has(c)) ? 2 : 3;
}

// ---------------------------------------------------------------- conversations

function conversationBase(rand: Rand, profileUrn: string, ids: Set<string>): { conversationId: string; conversationUrn: string } {
  const conversationId = uniqueValue(ids, () => `2-${rand.chars(URN_CHARS.slice(0, 62), 22)}==`);
  return { conversationId, conversationUrn: `urn:li:msg_conversation:(${profileUrn},${conversationId})` };
}

function thread(
  rand: Rand,
  self: Actor,
  others: readonly Person[],
  startAtMs: number,
  epochMs: number,
  ids: Set<string>,
  opener: string,
  replies: number,
  ownerFirstName: string,
): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  let at = startAtMs;
  const push = (sender: Actor, text: string) => {
    const messageId = uniqueValue(ids, () => `2-${rand.chars(URN_CHARS.slice(0, 62), 30)}`);
    messages.push({ messageId, messageUrn: `urn:li:msg_message:${messageId}`, sender, text, sentAtMs: at, read: true });
    at = Math.min(epochMs - MINUTE_MS, at + rand.int(5, 48 * 60) * MINUTE_MS);
  };
  push(self, opener);
  for (let i = 0; i < replies; i++) {
    const other = rand.pick(others);
    const fromOther = i % 2 === 0;
    push(
      fromOther ? { type: 'person', personId: other.id } : self,
      fromOther ? replyFrom(rand, ownerFirstName) : rand.pick(FOLLOW_UPS),
    );
  }
  // Some conversations end with incoming messages the account has not read yet.
  if (rand.chance(0.3)) {
    for (let i = messages.length - 1; i >= 0 && messages[i]!.sender.type === 'person'; i--) messages[i]!.read = false;
  }
  return messages;
}

const FOLLOW_UPS = [
  'Great, does Thursday afternoon work for a quick call?',
  'Thanks for getting back to me! I will send over a few details.',
  'Sounds good, talk soon.',
  'Appreciate it. Let me know if you have any questions.',
];

function replyFrom(rand: Rand, ownerFirstName: string): string {
  return rand.pick([
    `Thanks ${ownerFirstName}! Happy to connect.`,
    'Sure, happy to chat. What did you have in mind?',
    'Thanks for reaching out. Could you share a bit more context?',
    `Hi ${ownerFirstName}, sounds interesting. Let's find a time next week.`,
    'Not the right time for us, but let us stay in touch.',
  ]);
}

function openerTo(rand: Rand, p: Person): string {
  return rand.pick([
    `Hi ${p.firstName}, thanks for connecting! I saw your work at ${p.currentPosition.companyName} and would love to swap notes.`,
    `Hi ${p.firstName}, great to meet you. How are things going in ${p.location.name.split(', ')[0]}?`,
    `Hey ${p.firstName}, I enjoyed your recent post about ${rand.pick(p.skills)}. Open to a quick chat?`,
  ]);
}

function directConversations(rand: Rand, connected: readonly Person[], self: Actor, profileUrn: string, epochMs: number, ids: Set<string>, owner: AccountOwner): Conversation[] {
  return rand.sample(connected, rand.int(12, 30)).map((p) => ({
    ...conversationBase(rand, profileUrn, ids),
    source: 'network' as const,
    salesNavThreadId: null,
    kind: 'direct' as ConversationKind,
    title: null,
    participantIds: [p.id],
    messages: thread(rand, self, [p], recentStart(rand, epochMs, 60), epochMs, ids, openerTo(rand, p), rand.int(0, 6), owner.firstName),
  }));
}

function groupConversations(rand: Rand, connected: readonly Person[], self: Actor, profileUrn: string, epochMs: number, ids: Set<string>, owner: AccountOwner): Conversation[] {
  return Array.from({ length: rand.int(1, 4) }, () => {
    const members = rand.sample(connected, rand.int(2, 5));
    return {
      ...conversationBase(rand, profileUrn, ids),
      source: 'network' as const,
      salesNavThreadId: null,
      kind: 'group' as ConversationKind,
      title: rand.pick(['Project sync', 'Conference follow-up', 'Hiring panel', 'Book club', 'Alumni meetup']),
      participantIds: members.map((m) => m.id),
      messages: thread(rand, self, members, recentStart(rand, epochMs, 45), epochMs, ids, `Hi all, starting a thread so we can coordinate here.`, rand.int(2, 8), owner.firstName),
    };
  });
}

function inmailConversations(rand: Rand, strangers: readonly Person[], self: Actor, profileUrn: string, epochMs: number, ids: Set<string>, owner: AccountOwner): Conversation[] {
  return rand.sample(strangers, rand.int(2, 6)).map((p) => ({
    ...conversationBase(rand, profileUrn, ids),
    source: 'network' as const,
    salesNavThreadId: null,
    kind: 'inmail' as ConversationKind,
    title: null,
    participantIds: [p.id],
    messages: thread(rand, self, [p], recentStart(rand, epochMs, 60), epochMs, ids, `Hi ${p.firstName}, I know we are not connected yet, but your experience at ${p.currentPosition.companyName} caught my eye.`, rand.chance(p.propensity.replyProbability) ? rand.int(1, 3) : 0, owner.firstName),
  }));
}

function salesConversations(rand: Rand, strangers: readonly Person[], self: Actor, epochMs: number, ids: Set<string>, owner: AccountOwner): Conversation[] {
  return rand.sample(strangers, rand.int(3, 8)).map((p) => {
    const salesNavThreadId = uniqueValue(ids, () => `${rand.digits(13)}`);
    return {
      conversationId: salesNavThreadId,
      conversationUrn: `urn:li:fs_salesThread:${salesNavThreadId}`,
      source: 'sales_navigator' as const,
      salesNavThreadId,
      kind: 'inmail' as ConversationKind,
      title: null,
      participantIds: [p.id],
      messages: thread(rand, self, [p], recentStart(rand, epochMs, 90), epochMs, ids, `Hi ${p.firstName}, I work with ${p.industry.toLowerCase()} teams like yours and thought this might be relevant to ${p.currentPosition.companyName}.`, rand.chance(p.propensity.replyProbability) ? rand.int(1, 4) : 0, owner.firstName),
    };
  });
}

function recentStart(rand: Rand, epochMs: number, days: number): number {
  return epochMs - Math.floor(Math.pow(rand.next(), 1.5) * days * DAY_MS) - 12 * HOUR_MS;
}

function lastAt(c: Conversation): number {
  return c.messages[c.messages.length - 1]?.sentAtMs ?? 0;
}

// ---------------------------------------------------------------- own activity

/** Comments and reactions the account gave to world posts in the 20 days before the epoch. */
function ownEngagement(rand: Rand, world: World, self: Actor, epochMs: number, ids: Set<string>): { comments: OwnComment[]; reactions: OwnReaction[] } {
  const window = 20 * DAY_MS;
  const candidates = world.posts.filter((p) => p.createdAtMs > epochMs - window - 30 * DAY_MS && p.createdAtMs < epochMs - HOUR_MS && p.visibility === 'PUBLIC');
  const ctx = { rand, ids, idShiftMs: epochMs - world.anchorMs };
  const comments: OwnComment[] = [];
  for (let i = rand.int(15, 60); i > 0; i--) {
    const post = rand.pick(candidates.filter((p) => p.canComment));
    const at = Math.max(post.createdAtMs + MINUTE_MS, epochMs - Math.floor(rand.next() * window));
    const text = rand.pick(['Great points here!', 'Thanks for sharing this.', 'Fully agree, we have seen the same.', 'Congrats to the whole team!', 'Interesting, how did you measure it?', 'Very helpful, bookmarking this.']);
    comments.push({ postActivityUrn: post.activityUrn, postActivityId: post.activityId, postUrl: post.postUrl, comment: makeComment(ctx, post, self, at, text) });
  }
  const reacted = rand.sample(candidates, rand.int(30, 120));
  const reactions: OwnReaction[] = reacted.map((post) => ({
    postActivityUrn: post.activityUrn,
    postActivityId: post.activityId,
    postUrl: post.postUrl,
    reactionType: rand.weighted(REACTIONS),
    reactedAtMs: Math.max(post.createdAtMs + MINUTE_MS, epochMs - Math.floor(rand.next() * window)),
  }));
  comments.sort(newestFirst((c) => c.comment.createdAtMs));
  reactions.sort(newestFirst((r) => r.reactedAtMs));
  return { comments, reactions };
}

function visitors(rand: Rand, world: World, epochMs: number): ProfileVisit[] {
  return Array.from({ length: rand.int(20, 150) }, (): ProfileVisit => {
    const visitedAtMs = epochMs - Math.floor(rand.next() * 90 * DAY_MS);
    if (rand.chance(0.25)) {
      const p = rand.pick(world.people);
      const label = rand.pick([`Someone at ${p.currentPosition.companyName}`, `${p.currentPosition.title} in the ${p.industry} industry`, 'Anonymous network member']);
      return { personId: null, anonymousLabel: label, visitedAtMs };
    }
    return { personId: rand.pick(world.people).id, anonymousLabel: null, visitedAtMs };
  }).sort(newestFirst((v) => v.visitedAtMs));
}

function invitations(rand: Rand, strangers: readonly Person[], epochMs: number, ids: Set<string>): ReceivedInvitation[] {
  return rand.sample(strangers, rand.int(0, 10)).map((p) => {
    const invitationId = uniqueValue(ids, () => rand.digits(19));
    return {
      invitationId,
      invitationUrn: `urn:li:invitation:${invitationId}`,
      sharedSecret: rand.chars(URN_CHARS.slice(0, 62), 8),
      fromPersonId: p.id,
      message: rand.chance(0.4) ? `Hi, I'm ${p.firstName}, ${p.headline}. Would love to connect!`.slice(0, 300) : null,
      sentAtMs: epochMs - Math.floor(rand.next() * 30 * DAY_MS),
    };
  }).sort(newestFirst((i) => i.sentAtMs));
}

function ssiOf(rand: Rand, industry: string, owner: AccountOwner): SsiScore {
  const boost = owner.salesNavigator ? 5 : owner.premium ? 2 : 0;
  const pillar = () => Math.round(Math.min(25, 6 + rand.next() * 14 + boost * rand.next()) * 100) / 100;
  const pillars = { establishBrand: pillar(), findRightPeople: pillar(), engageWithInsights: pillar(), buildRelationships: pillar() };
  const score = Math.round((pillars.establishBrand + pillars.findRightPeople + pillars.engageWithInsights + pillars.buildRelationships) * 100) / 100;
  // A higher score ranks nearer the top.
  const rank = (spread: number) => Math.max(1, Math.min(99, Math.round(100 - score + (rand.next() - 0.5) * spread)));
  return { score, pillars, industryRank: { industry, topPercent: rank(20) }, networkRank: { topPercent: rank(30) } };
}

function creatorMetricsOf(rand: Rand, posts: readonly Post[], followerCount: number, visits: readonly ProfileVisit[], epochMs: number): CreatorDashboardMetric[] {
  const card = (value: number, label: string, previous: number, comparison: string): CreatorDashboardMetric => {
    const changePercent = previous === 0 ? null : Math.round(((value - previous) / previous) * 100);
    const changeDirection = changePercent === null ? null : changePercent > 0 ? 'up' : changePercent < 0 ? 'down' : 'flat';
    return { value, label, changePercent, changeDirection, comparison: changePercent === null ? null : comparison };
  };
  const recent = posts.filter((p) => p.createdAtMs > epochMs - 7 * DAY_MS);
  const impressions = recent.reduce((s, p) => s + p.reactions.length * rand.int(20, 60) + rand.int(50, 300), 0);
  const viewers = visits.filter((v) => v.visitedAtMs > epochMs - 90 * DAY_MS).length;
  return [
    card(impressions, 'Post impressions · Past 7 days', rand.int(0, impressions * 2 + 10), 'vs. prior 7 days'),
    card(followerCount, 'Total followers', Math.max(0, followerCount - rand.int(-3, 25)), 'vs. prior 7 days'),
    card(viewers, 'Profile viewers · Past 90 days', rand.int(Math.floor(viewers / 2), viewers * 2 + 1), 'vs. prior 90 days'),
    card(rand.int(5, 400), 'Search appearances · Previous week', rand.int(5, 400), 'vs. week before'),
  ];
}

/** 3-8 groups: mostly of the owner's industry, public and private alike. */
function groupsOf(rand: Rand, world: World, profile: OwnerProfile): string[] {
  const near = world.groups.filter((g) => g.industry === profile.industry);
  return dedupe([...rand.sample(near, rand.int(2, 5)), ...rand.sample(world.groups, rand.int(1, 3))], (g) => g.groupId).map((g) => g.groupId);
}

// ---------------------------------------------------------------- helpers

function newestFirst<T>(at: (item: T) => number): (a: T, b: T) => number {
  return (a, b) => at(b) - at(a);
}

function dedupe<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = key(i);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
