/**
 * Shapes of the synthetic professional network. Everything here is plain,
 * JSON-serializable data (epoch-millisecond timestamps, string ids), so a
 * world can be hashed, compared and handed to handlers read-only.
 */
import type { ReactionType } from '../../contract/common.js';

export type { ReactionType };

export const REACTION_TYPES: readonly ReactionType[] = [
  'LIKE',
  'PRAISE',
  'APPRECIATION',
  'EMPATHY',
  'INTEREST',
  'ENTERTAINMENT',
];

// ---------------------------------------------------------------- geo

export type GeoKind = 'country' | 'region' | 'city';

export interface GeoLocation {
  /** Stable numeric string, usable in search filters (spec 2.18). */
  geoId: string;
  /** Short name, e.g. "Munich". */
  name: string;
  /** Display name with its parents, e.g. "Munich, Bavaria, Germany". */
  fullName: string;
  kind: GeoKind;
  /** ISO 3166-1 alpha-2 code of the country the place lies in. */
  countryCode: string;
  parentGeoId: string | null;
}

/** A place as stored on a person, company or job. */
export interface PlaceRef {
  geoId: string;
  /** fullName of the geo location. */
  name: string;
  countryCode: string;
}

// ---------------------------------------------------------------- people

/** Experience levels of job search (G1), with the network's codes 1-6. */
export type ExperienceLevel = 'internship' | 'entry' | 'associate' | 'mid-senior' | 'director' | 'executive';
export type ExperienceLevelCode = '1' | '2' | '3' | '4' | '5' | '6';

export interface Position {
  title: string;
  companyId: string;
  companyName: string;
}

export interface Experience {
  title: string;
  companyName: string;
  /** null when the employer is not a company of this world. */
  companyId: string | null;
  /** Year and month, "YYYY-MM". */
  start: string;
  /** "YYYY-MM", null for the current position. */
  end: string | null;
  description: string;
}

export interface Education {
  school: string;
  degree: string;
  field: string;
  start: number;
  end: number;
}

/** How a person reacts to outreach; drives later simulation. */
export interface Propensity {
  /** Probability (0..1) that a connection request is accepted. */
  acceptProbability: number;
  /** Typical hours until an accepted request is accepted. */
  acceptDelayHours: number;
  /** Probability (0..1) that a message gets a reply. */
  replyProbability: number;
  /** Typical hours until a reply. */
  replyDelayHours: number;
}

export interface Person {
  /** Stable world id, "p-000123". */
  id: string;
  /** Unique vanity slug (public identifier). */
  profileId: string;
  /** Opaque profile URN, "urn:li:fsd_profile:ACoAA…". */
  profileUrn: string;
  /** Numeric member id (for member URNs of invitations). */
  memberId: string;
  memberUrn: string;
  profileUrl: string;
  firstName: string;
  lastName: string;
  headline: string;
  location: PlaceRef;
  industry: string;
  /** Job family the person works in (engineering, sales, …). */
  jobFunction: string;
  experienceLevel: ExperienceLevel;
  currentPosition: Position;
  experience: Experience[];
  education: Education[];
  skills: string[];
  email: string | null;
  phone: string | null;
  isPremium: boolean;
  isVerified: boolean;
  isOpenToWork: boolean;
  /** Accepts free messages from non-connections (D8). */
  isOpenProfile: boolean;
  profilePicture: string;
  /** Displayed connection count (the world holds only a sample of them). */
  connections: number;
  followers: number;
  propensity: Propensity;
  /** Person ids this person is connected to inside the world (symmetric). */
  connectionIds: string[];
}

// ---------------------------------------------------------------- companies

/** Company size codes of spec G2. */
export type CompanySizeCode = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I';

export type CompanyType =
  | 'public'
  | 'private'
  | 'nonprofit'
  | 'educational'
  | 'government'
  | 'partnership'
  | 'self_employed';

export interface Company {
  /** Numeric string id. */
  companyId: string;
  /** Organization URN, "urn:li:organization:<companyId>". */
  entityUrn: string;
  name: string;
  /** Unique URL slug. */
  universalName: string;
  companyUrl: string;
  headline: string;
  description: string;
  industry: string;
  sizeCode: CompanySizeCode;
  /** e.g. "51-200 employees". */
  sizeRange: string;
  employeeCount: number;
  headquarters: PlaceRef;
  specialties: string[];
  companyType: CompanyType;
  foundedYear: number;
  followerCount: number;
  visitorsCount: number;
  /** 200x200 logo. */
  logoUrl: string;
  coverImageUrl: string;
  websiteUrl: string;
  pageType: 'COMPANY';
}

// ---------------------------------------------------------------- jobs

/** Job type codes of spec G1. */
export type JobTypeCode = 'F' | 'P' | 'C' | 'T' | 'I';
export type WorkplaceType = 'on-site' | 'remote' | 'hybrid';

export interface Job {
  /** Numeric string id. */
  jobId: string;
  jobUrl: string;
  title: string;
  companyId: string;
  companyName: string;
  companyLogo: string;
  /** Place text without a work-type suffix. */
  location: PlaceRef;
  jobType: JobTypeCode;
  experienceLevel: ExperienceLevel;
  experienceLevelCode: ExperienceLevelCode;
  workplaceType: WorkplaceType;
  isRemote: boolean;
  isHybrid: boolean;
  easyApply: boolean;
  /** External application page when not easy apply. */
  applyUrl: string | null;
  /** Pay-rate badge text; null when the posting shows none. */
  salary: string | null;
  postedAtMs: number;
  description: string;
  requirements: string[];
  skills: string[];
  applicants: number;
}

// ---------------------------------------------------------------- groups

export type GroupRole = 'Member' | 'Manager' | 'Owner';
export type GroupActivityLevel = 'very active' | 'active' | 'moderate' | 'low';

export interface GroupMember {
  personId: string;
  role: GroupRole;
  joinedAtMs: number;
}

export interface Group {
  /** Numeric string id. */
  groupId: string;
  groupUrn: string;
  groupUrl: string;
  name: string;
  description: string;
  rules: string[];
  logoUrl: string;
  /** Exact count; display rounding is done at query time (spec 2.16). */
  memberCount: number;
  /** True when approval is required to join. */
  isPrivate: boolean;
  industry: string;
  activityLevel: GroupActivityLevel;
  createdAtMs: number;
  /** The members the world knows (a sample when memberCount is large), oldest first. */
  members: GroupMember[];
  /** Person ids of the owner and managers. */
  admins: string[];
}

// ---------------------------------------------------------------- posts

export type PostAuthor =
  | { type: 'person'; personId: string }
  | { type: 'company'; companyId: string }
  /** A post of a connected account (lives in its AccountView). */
  | { type: 'account'; accountId: string };

export type CelebrationType = 'job_change' | 'promotion' | 'work_anniversary';
export type PostVisibility = 'PUBLIC' | 'CONNECTIONS';

/** Who wrote a comment or reacted: a person of the world, or the viewing account. */
export type Actor = { type: 'person'; personId: string } | { type: 'account'; accountId: string };

export interface Reaction {
  actor: Actor;
  reactionType: ReactionType;
  reactedAtMs: number;
}

export interface Comment {
  /** Numeric string id. */
  commentId: string;
  /** "urn:li:comment:(activity:<postId>,<commentId>)". */
  commentUrn: string;
  author: Actor;
  content: string;
  createdAtMs: number;
  likes: number;
  /** Threaded replies (one level deep). */
  replies: Comment[];
}

export interface Post {
  /** Numeric id inside activityUrn. */
  activityId: string;
  activityUrn: string;
  /** Exactly one of shareUrn / ugcPostUrn is set. */
  shareUrn: string | null;
  ugcPostUrn: string | null;
  postUrl: string;
  author: PostAuthor;
  content: string;
  /** Hashtags of the content, each with its leading #. */
  hashtags: string[];
  createdAtMs: number;
  visibility: PostVisibility;
  isPeopleUpdate: boolean;
  celebrationType: CelebrationType | null;
  isArticle: boolean;
  articleUrl: string | null;
  canComment: boolean;
  mediaUrls: string[];
  /** activityUrn of the reposted post, null for an original post. */
  repostOf: string | null;
  comments: Comment[];
  reactions: Reaction[];
  shares: number;
}

// ---------------------------------------------------------------- world

export interface World {
  seed: string;
  /** "Now" of the world: every timestamp sits relative to it. */
  epochMs: number;
  /**
   * The instant the world was generated at (the default anchor for every new
   * data directory): contents and ids depend on (seed, people, anchorMs) only;
   * timestamps are then moved by epochMs - anchorMs.
   */
  anchorMs: number;
  geo: GeoLocation[];
  people: Person[];
  companies: Company[];
  jobs: Job[];
  groups: Group[];
  /** Newest first. */
  posts: Post[];
}

export interface WorldOptions {
  /** Number of people; default 3000. */
  people?: number;
  /** "Now" of the world; default = anchorMs. */
  epochMs?: number;
  /** Generation instant (contents and ids); default 2026-01-05T00:00:00Z for every data directory. */
  anchorMs?: number;
}

// ---------------------------------------------------------------- paging

export interface PageRequest {
  /** 0-based offset; default 0. */
  start?: number;
  /** Page size; default 10. */
  count?: number;
}

export interface Page<T> {
  items: T[];
  start: number;
  count: number;
  /** Exact: true when at least one more item exists past this page. */
  hasMore: boolean;
  total: number;
}
