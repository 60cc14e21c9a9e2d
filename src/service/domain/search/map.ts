import type { z } from 'zod';
import type { GroupMember } from '../../../contract/resources/groups.js';
import type { CompanySearchResult, GroupSearchResult, JobSearchResult, PeopleSearchResult } from '../../../contract/resources/search.js';
import {
  degreeLabel,
  displayMemberCount,
  relativeAge,
  type Company,
  type ConnectionDegree,
  type Group,
  type GroupMember as WorldMember,
  type Job,
  type Person,
} from '../../world/index.js';

/** World records onto the contract's result shapes (spec 2.14-2.17). */

/** Who a person is, as people results and group members both begin. */
function personIdentity(p: Person): Pick<Person, 'profileId' | 'profileUrn' | 'firstName' | 'lastName' | 'headline'> {
  return { profileId: p.profileId, profileUrn: p.profileUrn, firstName: p.firstName, lastName: p.lastName, headline: p.headline };
}

export function personResult(p: Person, degree: ConnectionDegree): z.infer<typeof PeopleSearchResult> {
  return {
    ...personIdentity(p),
    profilePicture: p.profilePicture,
    location: p.location.name,
    connectionDegree: degreeLabel(degree),
    currentPosition: `${p.currentPosition.title} at ${p.currentPosition.companyName}`,
    profileUrl: p.profileUrl,
    isPremium: p.isPremium,
    isOpenToWork: p.isOpenToWork,
  };
}

export function companyResult(c: Company): z.infer<typeof CompanySearchResult> {
  return {
    companyId: c.companyId,
    name: c.name,
    universalName: c.universalName,
    headline: c.headline,
    description: c.description,
    logoUrl: c.logoUrl,
    industry: c.industry,
    companyUrl: c.companyUrl,
    location: c.headquarters.name,
    followerCount: c.followerCount,
  };
}

export function jobResult(j: Job, nowMs: number): z.infer<typeof JobSearchResult> {
  return {
    jobId: j.jobId,
    title: j.title,
    companyName: j.companyName,
    companyLogo: j.companyLogo,
    location: j.location.name,
    postedDate: relativeAge(j.postedAtMs, nowMs),
    ...(j.salary !== null ? { salary: j.salary } : {}),
    jobUrl: j.jobUrl,
    isRemote: j.isRemote,
    isHybrid: j.isHybrid,
    easyApply: j.easyApply,
  };
}

export function groupResult(g: Group): z.infer<typeof GroupSearchResult> {
  return {
    groupId: g.groupId,
    name: g.name,
    logoUrl: g.logoUrl,
    groupUrl: g.groupUrl,
    memberCount: displayMemberCount(g.memberCount),
    isPrivate: g.isPrivate,
  };
}

export function memberResult(m: WorldMember, p: Person): z.infer<typeof GroupMember> {
  return {
    ...personIdentity(p),
    profileUrl: p.profileUrl,
    role: m.role,
    joinedAt: new Date(m.joinedAtMs).toISOString().slice(0, 10),
  };
}
