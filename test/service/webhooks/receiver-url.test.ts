import { describe, expect, it } from 'vitest';
import { loggableOrigin, receiverUrlProblem } from '../../../src/service/webhooks/receiver-url.js';

describe('receiver URL policy', () => {
  it.each([
    ['https://hooks.example.com/in?x=1', undefined],
    ['http://203.0.113.9:8080/hook', undefined],
    ['http://[2001:db8::1]/hook', undefined],
    ['mailto:a@b.c', 'must use http or https'],
    ['https://:secret@example.com/', 'must not contain credentials (user:password@)'],
    ['http://127.0.0.1:3000/hook', 'must not point to a loopback address'],
    ['http://127.8.9.10/hook', 'must not point to a loopback address'],
    ['http://localhost:3000/hook', 'must not point to a loopback address'],
    ['http://api.localhost/hook', 'must not point to a loopback address'],
    ['http://[::1]/hook', 'must not point to a loopback address'],
    ['http://[::ffff:127.0.0.1]/hook', 'must not point to a loopback address'],
    ['http://2130706433/hook', 'must not point to a loopback address'], // URL normalises to 127.0.0.1
    ['http://192.168.1.20/hook', 'must not point to a private or link-local address'],
    ['http://172.31.255.255/hook', 'must not point to a private or link-local address'],
    ['http://0.0.0.0/hook', 'must not point to a private or link-local address'],
    ['http://[fd12::1]/hook', 'must not point to a private or link-local address'],
    ['http://[fe80::1]/hook', 'must not point to a private or link-local address'],
    ['http://[::ffff:10.0.0.1]/hook', 'must not point to a private or link-local address'],
  ])('%s -> %s', (url, problem) => {
    expect(receiverUrlProblem(url)).toBe(problem);
  });

  it('allowLoopback admits loopback only; allowPrivateNetworks admits private ranges', () => {
    expect(receiverUrlProblem('http://localhost:3000/hook', { allowLoopback: true })).toBeUndefined();
    expect(receiverUrlProblem('http://[::1]:3000/hook', { allowLoopback: true })).toBeUndefined();
    expect(receiverUrlProblem('http://10.0.0.5/hook', { allowLoopback: true })).toBe(
      'must not point to a private or link-local address',
    );
    expect(receiverUrlProblem('http://10.0.0.5/hook', { allowPrivateNetworks: true })).toBeUndefined();
  });

  it('logs only the origin of a receiver URL (paths and queries may carry tokens)', () => {
    expect(loggableOrigin('https://hooks.example.com/services/T0/B0/XyZsecret?token=abc')).toBe('https://hooks.example.com');
  });
});
