import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MULTIPLIER,
  REFERENCE_HOST_INDEX,
  TARGET_PHONE_INDEX,
  calibratedMultiplier,
  emulatedIndex,
  parseMultiplier,
  waitCorrectedMultiplier,
} from './cpu-calibration.ts';

describe('calibratedMultiplier', () => {
  it('keeps the mobile preset’s 4× on Lighthouse’s reference host', () => {
    expect(calibratedMultiplier(REFERENCE_HOST_INDEX)).toBe(DEFAULT_MULTIPLIER);
  });

  it('slows a faster host more and a slower one less, in proportion', () => {
    expect(calibratedMultiplier(3800)).toBe(9.92);
    expect(calibratedMultiplier(1350)).toBe(3.52);
    expect(calibratedMultiplier(REFERENCE_HOST_INDEX * 2)).toBe(8);
  });

  it('emulates the same phone on every host, to the rounding of the multiplier', () => {
    for (const host of [500, 1350, 1750, 2600, 3800, 5000])
      expect(emulatedIndex(host, calibratedMultiplier(host))).toBeCloseTo(TARGET_PHONE_INDEX, -1);
  });

  it('never speeds up a host slower than the phone', () => {
    expect(calibratedMultiplier(200)).toBe(1);
    expect(calibratedMultiplier(TARGET_PHONE_INDEX)).toBe(1);
  });

  it('takes another target phone', () => {
    expect(calibratedMultiplier(3000, 1000)).toBe(3);
  });

  it('refuses an index that is not a positive number', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => calibratedMultiplier(bad)).toThrow(/positive number/);
    expect(() => calibratedMultiplier(1500, 0)).toThrow(/target phone/);
  });
});

describe('parseMultiplier', () => {
  it('reads a number of at least 1', () => {
    expect(parseMultiplier('6')).toBe(6);
    expect(parseMultiplier('2.5')).toBe(2.5);
    expect(parseMultiplier('1')).toBe(1);
  });

  it('refuses anything else', () => {
    for (const bad of ['', ' ', '0.5', '-4', 'four', 'Infinity'])
      expect(() => parseMultiplier(bad)).toThrow(/--cpu-multiplier/);
  });
});

describe('waitCorrectedMultiplier', () => {
  it('divides the multiplier by how long the main thread waited for a core', () => {
    expect(waitCorrectedMultiplier(6.07, { clockMs: 1347, cpuMs: 504 })).toBe(2.27);
    expect(waitCorrectedMultiplier(4, { clockMs: 200, cpuMs: 100 })).toBe(2);
  });

  it('keeps the multiplier of a thread that never waited', () => {
    expect(waitCorrectedMultiplier(6, { clockMs: 500, cpuMs: 500 })).toBe(6);
  });

  it('keeps the multiplier without a usable figure', () => {
    expect(waitCorrectedMultiplier(6, null)).toBe(6);
    expect(waitCorrectedMultiplier(6, { clockMs: 0, cpuMs: 0 })).toBe(6);
    // More CPU than clock is a trace that cannot be read this way (tdur missing or odd).
    expect(waitCorrectedMultiplier(6, { clockMs: 100, cpuMs: 150 })).toBe(6);
  });

  it('never speeds the host up', () => {
    expect(waitCorrectedMultiplier(1.5, { clockMs: 300, cpuMs: 100 })).toBe(1);
  });
});
