import { expect } from 'vitest';
import { DomainError, type ActingAccount } from '../../../../src/service/domain/context.js';
import { postsModule } from '../../../../src/service/domain/posts/index.js';
import type { Post } from '../../../../src/service/world/index.js';
import { ACCOUNTS, createHarness, testWorld, type Harness } from '../harness.js';

export { ACCOUNTS, postsModule };

export function postsHarness(now?: number): Harness & { run<T = Record<string, unknown>>(id: string, account: ActingAccount, input: Record<string, unknown>): T } {
  const h = createHarness({ migrations: postsModule.migrations, ...(now !== undefined ? { now } : {}) });
  return Object.assign(h, {
    run<T = Record<string, unknown>>(id: string, account: ActingAccount, input: Record<string, unknown>): T {
      return h.call<T>(postsModule, id, account, input);
    },
  });
}

/** The DomainError a call throws (fails the test when it throws something else or nothing). */
export function domainError(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  expect.fail('expected a DomainError');
}

/** Public, commentable world posts by people (newest first), skipping reposts. */
export function publicPersonPosts(): Post[] {
  return testWorld().posts.filter((p) => p.visibility === 'PUBLIC' && p.canComment && p.author.type === 'person' && p.repostOf === null);
}

/** A post URL as people paste it: with tracking parameters. */
export function withTracking(url: string): string {
  return `${url}?utm_source=share&utm_medium=member_desktop&rcm=ACoAAB`;
}
