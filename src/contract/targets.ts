/** What a write acts on, for audit logs: never the message text. */

/** Input fields that name what a write acts on, most specific first. */
const TARGET_FIELDS = [
  'recipientProfileId',
  'profileId',
  'profileUrn',
  'conversationId',
  'conversationUrn',
  'commentId',
  'postUrn',
  'postUrl',
  'groupId',
  'companyUrn',
] as const;

/** "profileId=jane-doe" for the first target field present in the input. */
export function writeTarget(input: Record<string, unknown>): string | null {
  for (const field of TARGET_FIELDS) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') return `${field}=${value}`;
  }
  return null;
}

