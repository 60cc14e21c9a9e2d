import { getCompanyDetails, getJobDetails } from '../../../contract/endpoints/search.js';
import { membershipOf } from '../groups/index.js';
import { getGroupDetails, getProfile, listOrganizations } from '../../../contract/endpoints/groups.js';
import * as W from '../../world/index.js';
import { DomainError, handle } from '../context.js';

/** G5-G7, F3, F4: detail lookups over the world. */

const LEVEL_LABEL: Record<W.ExperienceLevel, string> = {
  internship: 'Internship',
  entry: 'Entry level',
  associate: 'Associate',
  'mid-senior': 'Mid-Senior level',
  director: 'Director',
  executive: 'Executive',
};

export const job = handle(getJobDetails, (deps, { input }) => {
  const j = W.findJob(deps.world(), input.jobId);
  if (!j) throw new DomainError(404, `Job not found: ${input.jobId}`);
  return {
    success: true,
    job: {
      jobId: j.jobId,
      title: j.title,
      companyName: j.companyName,
      location: j.location.name,
      description: j.description,
      requirements: j.requirements,
      employmentType: W.JOB_TYPE_LABELS[j.jobType],
      experienceLevel: LEVEL_LABEL[j.experienceLevel],
      workplaceType: j.workplaceType,
      postedDate: W.relativeAge(j.postedAtMs, deps.clock.now()),
      salary: j.salary,
      easyApply: j.easyApply,
      applyUrl: j.applyUrl ?? `${j.jobUrl}apply/`,
      jobUrl: j.jobUrl,
    },
  };
});

export const company = handle(getCompanyDetails, (deps, { input }) => {
  const c = W.findCompany(deps.world(), input.companyId);
  if (!c) throw new DomainError(404, `Company not found: ${input.companyId}`);
  return {
    success: true,
    company: {
      companyId: c.companyId,
      name: c.name,
      universalName: c.universalName,
      description: c.description,
      specialties: c.specialties,
      employeeCount: c.employeeCount,
      headquarters: c.headquarters.name,
      industry: c.industry,
      websiteUrl: c.websiteUrl,
      foundedYear: c.foundedYear,
      followerCount: c.followerCount,
      companyUrl: c.companyUrl,
    },
  };
});

const ACTIVITY_LABEL: Record<W.GroupActivityLevel, string> = {
  'very active': 'Very active',
  active: 'Active',
  moderate: 'Moderately active',
  low: 'Low activity',
};

export const group = handle(getGroupDetails, (deps, { account, input }) => {
  const world = deps.world();
  const g = W.findGroup(world, input.groupId);
  if (!g) throw new DomainError(404, `Group not found: ${input.groupId}`);
  return {
    success: true,
    group: {
      groupId: g.groupId,
      name: g.name,
      description: g.description,
      rules: g.rules.length ? g.rules.join('\n') : null,
      memberCount: W.displayMemberCount(g.memberCount),
      activityLevel: ACTIVITY_LABEL[g.activityLevel],
      isPrivate: g.isPrivate,
      admins: g.admins.flatMap((id) => {
        const p = W.findPerson(world, id);
        return p ? [{ name: `${p.firstName} ${p.lastName}`, profileUrl: p.profileUrl }] : [];
      }),
      groupUrl: g.groupUrl,
      membership: membershipOf(deps, account, g),
    },
  };
});

export const profile = handle(getProfile, (deps, { account, input }) => {
  const p = W.findPerson(deps.world(), input.profileUrl);
  if (!p) throw new DomainError(404, `Profile not found: ${input.profileUrl}`);
  // Contact details are shown to 1st-degree connections only, as on the network.
  const firstDegree = deps.network.degreeOf(account, p.id) === 1;
  return {
    profileId: p.profileId,
    fullName: `${p.firstName} ${p.lastName}`,
    headline: p.headline,
    location: p.location.name,
    industry: p.industry,
    experience: input.includeExperience
      ? p.experience.map((e) => ({
          title: e.title,
          companyName: e.companyName,
          location: null,
          startDate: e.start,
          endDate: e.end,
          description: e.description || null,
        }))
      : [],
    education: input.includeEducation
      ? p.education.map((e) => ({ school: e.school, degree: e.degree || null, fieldOfStudy: e.field || null, startYear: e.start, endYear: e.end }))
      : [],
    skills: p.skills,
    ...(input.includeContact
      ? { contactInfo: { email: firstDegree ? p.email : null, phone: firstDegree ? p.phone : null } }
      : {}),
  };
});

export const organizations = handle(listOrganizations, (deps, { input }) => {
  const page = W.listOrganizations(
    deps.world(),
    {
      ...(input.name ? { name: input.name } : {}),
      ...(input.industry ? { industry: input.industry } : {}),
      ...(input.size ? { size: input.size } : {}),
      ...(input.location ? { location: input.location } : {}),
    },
    { start: input.start, count: input.count },
  );
  return { organizations: page.items, total: page.total };
});
