/**
 * Public addresses of the synthetic network. The brand name is replaced by
 * the neutral word "network" (spec preamble); the paths mirror the real ones
 * so URL parsing in handlers behaves as it would against the real site.
 */
export const NETWORK_ORIGIN = 'https://www.network.example';
export const MEDIA_ORIGIN = 'https://media.network.example';

export const profileUrl = (profileId: string) => `${NETWORK_ORIGIN}/in/${profileId}/`;
export const companyUrl = (universalName: string) => `${NETWORK_ORIGIN}/company/${universalName}/`;
export const jobUrl = (jobId: string) => `${NETWORK_ORIGIN}/jobs/view/${jobId}/`;
export const groupUrl = (groupId: string) => `${NETWORK_ORIGIN}/groups/${groupId}/`;
export const postUrl = (activityUrn: string) => `${NETWORK_ORIGIN}/feed/update/${activityUrn}/`;
export const articleUrl = (slug: string) => `${NETWORK_ORIGIN}/pulse/${slug}/`;
export const mediaUrl = (kind: string, key: string, size?: number) =>
  `${MEDIA_ORIGIN}/${kind}/${key}${size ? `/${size}x${size}` : ''}.jpg`;
