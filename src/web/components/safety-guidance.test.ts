import { describe, expect, it } from 'vitest';
import en from './locales/components.en.ts';
import es from './locales/components.es.ts';

const steps = ['safetyStep1', 'safetyStep2', 'safetyStep3', 'safetyStep4'] as const;

describe('the safety guidance beside traffic', () => {
  it('is short enough to read on a shoulder at night, in each language', () => {
    for (const catalog of [en, es])
      for (const step of steps) expect(catalog[step].split(' ').length).toBeLessThanOrEqual(32);
    expect(en.safetyStep1).toMatch(/hazard lights/);
  });
});
