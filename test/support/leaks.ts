/**
 * Finds secrets and private texts in captured process output: each as
 * written, JSON-escaped, and URL-encoded (the forms a careless log line
 * would carry). Returns the labels of those found.
 */
export function findLeaks(output: string, secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [label, secret] of Object.entries(secrets)) {
    if (secret.length < 6) throw new Error(`secret "${label}" is too short to grep for reliably`);
    const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
    if ([...forms].some((form) => output.includes(form))) found.push(label);
  }
  return found;
}
