/** Shapes of one connected account's view of the world. */
import type { Actor, Comment, PlaceRef, Position, Post, ReactionType } from './types.js';

export interface AccountOwner {
  firstName: string;
  lastName: string;
  publicId: string;
  premium: boolean;
  salesNavigator: boolean;
}

/** 1 = 1st, 2 = 2nd, 3 = 3rd+. */
export type ConnectionDegree = 1 | 2 | 3;
/** People-search network codes (G4): F = 1st, S = 2nd, O = 3rd+. */
export type ConnectionDegreeCode = 'F' | 'S' | 'O';

/** The owner's own profile, generated to fit the world. */
export interface OwnerProfile {
  profileUrn: string;
  profileUrl: string;
  headline: string;
  industry: string;
  jobFunction: string;
  location: PlaceRef;
  currentPosition: Position;
  skills: string[];
}

export interface ConnectionEdge {
  personId: string;
  connectedAtMs: number;
}

export interface FollowEdge {
  personId: string;
  followedAtMs: number;
}

export interface CompanyFollowEdge {
  companyId: string;
  followedAtMs: number;
}

export interface ConversationMessage {
  messageId: string;
  messageUrn: string;
  sender: Actor;
  text: string;
  sentAtMs: number;
  /** Read by the account; its own messages are always read. */
  read: boolean;
}

export type ConversationKind = 'direct' | 'inmail' | 'group';

export interface Conversation {
  conversationId: string;
  /** Network threads: "urn:li:msg_conversation:(…)"; sales threads: "urn:li:fs_salesThread:…". */
  conversationUrn: string;
  source: 'network' | 'sales_navigator';
  salesNavThreadId: string | null;
  kind: ConversationKind;
  /** Group conversation name; null otherwise. */
  title: string | null;
  /** The other participants (person ids). */
  participantIds: string[];
  /** Oldest first. */
  messages: ConversationMessage[];
}

/** A comment the account wrote on a world post. */
export interface OwnComment {
  postActivityUrn: string;
  /** Numeric id of the commented post. */
  postActivityId: string;
  postUrl: string;
  comment: Comment;
}

/** A reaction the account gave to a world post. */
export interface OwnReaction {
  postActivityUrn: string;
  postActivityId: string;
  postUrl: string;
  reactionType: ReactionType;
  reactedAtMs: number;
}

export interface ProfileVisit {
  /** null for an anonymous visitor. */
  personId: string | null;
  /** What the network shows for an anonymous visitor, e.g. "Someone at Acme"; null when named. */
  anonymousLabel: string | null;
  visitedAtMs: number;
}

export interface ReceivedInvitation {
  invitationId: string;
  invitationUrn: string;
  sharedSecret: string;
  fromPersonId: string;
  message: string | null;
  sentAtMs: number;
}

export interface SsiScore {
  /** 0-100, sum of the pillars. */
  score: number;
  pillars: {
    establishBrand: number;
    findRightPeople: number;
    engageWithInsights: number;
    buildRelationships: number;
  };
  /** "Top N%" ranks: smaller is better. */
  industryRank: { industry: string; topPercent: number };
  networkRank: { topPercent: number };
}

/** One creator-dashboard card (spec 2.20); every field nullable. */
export interface CreatorDashboardMetric {
  value: number | null;
  label: string | null;
  changePercent: number | null;
  changeDirection: 'up' | 'down' | 'flat' | null;
  comparison: string | null;
}

export interface AccountViewData {
  accountId: string;
  owner: AccountOwner;
  profile: OwnerProfile;
  /** Newest first. */
  connections: ConnectionEdge[];
  followers: FollowEdge[];
  following: { people: FollowEdge[]; companies: CompanyFollowEdge[] };
  /** Most recent activity first. */
  conversations: Conversation[];
  /** The account's own posts, newest first (author type 'account'). */
  posts: Post[];
  /** Newest first, over the ~20 days before the world epoch. */
  comments: OwnComment[];
  reactions: OwnReaction[];
  /** Newest first, over the 90 days before the world epoch. */
  profileVisitors: ProfileVisit[];
  invitationsReceived: ReceivedInvitation[];
  ssi: SsiScore;
  creatorMetrics: CreatorDashboardMetric[];
  /** groupIds of the world groups the account belongs to (as a Member). */
  groupIds: string[];
}

export interface AccountView extends AccountViewData {
  /** Degree of a world person relative to this account (world data only, no overlays). */
  degreeOf(personId: string): ConnectionDegree;
}
