import type { Company, Post } from '../../../../src/service/world/index.js';
import { testWorld } from '../harness.js';

export function testWorldPost(pred: (p: Post) => boolean): Post {
  const post = testWorld().posts.find(pred);
  if (!post) throw new Error('the test world has no such post');
  return post;
}

export function findCompany(companyId: string): Company {
  const c = testWorld().companies.find((x) => x.companyId === companyId);
  if (!c) throw new Error(`no company ${companyId}`);
  return c;
}
