import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './merge-classes.ts';

/** Every word written in a string of the web app's source that tailwind-merge takes for a class. */
function appClasses(): string[] {
  const words = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        for (const [, , text] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
          for (const word of text!.split(/\s+/)) if (/^[!\-\w[@&]/.test(word)) words.add(word);
      }
    }
  };
  visit(join(import.meta.dirname, '..'));
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word);
}

/**
 * The classes split by tailwind-merge's class group and modifiers: its merge without conflicts
 * between groups drops the earlier of two classes exactly when they share both.
 */
function tailwindGroups(classes: string[]): string[][] {
  const sameGroup = createTailwindMerge(() => ({
    ...getDefaultConfig(),
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
  const groups: string[][] = [];
  for (const className of classes) {
    const group = groups.find(([first]) => sameGroup(`${first} ${className}`) === className);
    if (group) group.push(className);
    else groups.push([className]);
  }
  return groups;
}

describe('mergeClasses', () => {
  const classes = appClasses();

  it('finds the classes of the app', () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toContain('px-4');
  });

  it('merges every pair of the app classes as tailwind-merge does', () => {
    // tailwind-merge decides a pair by the two classes' groups (same modifiers and utility), and so
    // does mergeClasses; one class of each group stands for it, so the pairs of those stand for
    // every pair, and each class need only be shown to share its stand-in's group in both.
    const groups = tailwindGroups(classes);
    const differences: string[] = [];
    for (const [first, ...rest] of groups)
      for (const other of rest)
        if (
          mergeClasses(`${first} ${other}`) !== other ||
          mergeClasses(`${other} ${first}`) !== first
        )
          differences.push(`${first} and ${other} are one group in tailwind-merge, not here`);
    for (const [a] of groups)
      for (const [b] of groups) {
        const pair = `${a} ${b}`;
        const expected = twMerge(pair);
        if (mergeClasses(pair) !== expected)
          differences.push(`${pair} → ${mergeClasses(pair)} (tailwind-merge: ${expected})`);
      }
    expect(groups.length).toBeGreaterThan(100);
    expect(differences.slice(0, 30)).toEqual([]);
  });

  it('keeps unknown classes and the order of the kept ones', () => {
    expect(mergeClasses('  card  p-4 group  p-2 ')).toBe(twMerge('  card  p-4 group  p-2 '));
    expect(mergeClasses('md:hover:p-4 hover:md:p-2 p-1')).toBe('hover:md:p-2 p-1');
    expect(mergeClasses('[&_svg]:size-5 size-4 [&_svg]:size-4')).toBe('size-4 [&_svg]:size-4');
  });
});
