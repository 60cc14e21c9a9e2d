import { describe, expect, it } from 'vitest';
import { commandHelp, optionsHelp, parseCliOptions } from '../../src/cli/options.js';

/** --pace / OUTREACH_PACE: the client's pacing policy, burst unless asked. */
describe('--pace', () => {
  const config = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const parsed = parseCliOptions('stdio', argv, env);
    if (parsed.help) throw new Error('unexpected --help');
    return parsed.config;
  };

  it('is burst unless set, from the flag or the environment (the flag wins)', () => {
    expect(config([]).pace).toBeUndefined();
    expect(config(['--pace', 'even']).pace).toBe('even');
    expect(config([], { OUTREACH_PACE: 'EVEN' }).pace).toBe('even');
    expect(config(['--pace', 'burst'], { OUTREACH_PACE: 'even' }).pace).toBe('burst');
  });

  it('refuses another value, naming the option and the choices', () => {
    expect(() => config(['--pace', 'fast'])).toThrow('--pace must be one of burst, even, got "fast"');
    expect(() => config([], { OUTREACH_PACE: 'slow' })).toThrow('OUTREACH_PACE must be one of burst, even, got "slow"');
  });

  it('is documented in --help with its default', () => {
    expect(optionsHelp('shared')).toMatch(/--pace MODE\s+burst \(default/);
    expect(commandHelp('http')).toContain('env: OUTREACH_PACE');
  });
});
