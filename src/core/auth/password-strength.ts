/**
 * How guessable a new password is, by zxcvbn-ts with its common-password dictionary. The same
 * estimate refuses weak passwords on the server and drives the forms' meter; the dictionary is
 * loaded on first use only, so the web app fetches it with the meter, not with every page.
 */
import type { PasswordScore } from './password-score.ts';

/** zxcvbn's 0–4 score; below this a new password is refused (3: about 10⁸ guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength {
  score: PasswordScore;
  /** Null when strong enough; otherwise what to tell the person choosing it. */
  problem: string | null;
}

/** The account's own details, which a password must not be built from. */
export interface PasswordOwner {
  email?: string | undefined;
  username?: string | undefined;
  name?: string | undefined;
}

const TOO_EASY = 'This password is too easy to guess';

const warnings: Record<string, string> = {
  straightRow: 'straight rows of keys are easy to guess.',
  keyPattern: 'short keyboard patterns are easy to guess.',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'sequences like "abc" or "123" are easy to guess.',
  recentYears: 'recent years are easy to guess.',
  dates: 'dates are easy to guess.',
  topTen: 'it is one of the most used passwords.',
  topHundred: 'it is a very frequently used password.',
  common: 'it is a commonly used password.',
  similarToCommon: 'it is too close to a commonly used password.',
  wordByItself: 'single words are easy to guess.',
  namesByThemselves: 'single names are easy to guess.',
  commonNames: 'common names are easy to guess.',
  userInputs: 'it contains your name, username or email.',
  pwned: 'it appeared in a data breach.',
};

const suggestions: Record<string, string> = {
  l33t: "Letter swaps like '@' for 'a' don't help much.",
  reverseWords: "Spelling a word backwards doesn't help much.",
  allUppercase: 'Capitalise some letters, not all.',
  capitalization: 'Capitalise more than the first letter.',
  dates: 'Avoid dates and years linked to you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years linked to you.',
  sequences: 'Avoid common sequences.',
  repeated: 'Avoid repeated words and characters.',
  longerKeyboardPattern: 'Avoid keyboard patterns.',
  anotherWord: 'Add a few more uncommon words.',
  useWords: 'Use several words, but not a common phrase.',
  noNeed: 'A few uncommon words make a strong password without symbols or digits.',
  pwned: 'If you use it elsewhere, change it there too.',
};

/** The refusal, built from zxcvbn's feedback keys. */
export function weakPasswordMessage(warning: string | null, advice: readonly string[]): string {
  const why = (warning && warnings[warning]) || 'it could be found in few guesses.';
  const tip = advice.map((key) => suggestions[key]).find(Boolean) ?? suggestions.anotherWord;
  return `${TOO_EASY}: ${why} ${tip}`;
}

/** The owner's details as zxcvbn user inputs: whole, and in the pieces people reuse. */
export function ownerInputs(owner: PasswordOwner): string[] {
  const inputs = new Set<string>();
  const add = (value: string | undefined) => {
    const v = value?.trim().toLowerCase();
    if (v && v.length >= 3) inputs.add(v);
  };
  add(owner.email);
  add(owner.email?.split('@')[0]);
  add(owner.username);
  add(owner.name);
  for (const part of `${owner.name ?? ''} ${owner.email?.split('@')[0] ?? ''}`.split(/[\s._-]+/))
    add(part);
  return [...inputs];
}

/** Email, its name part, username or whole name typed into the password: refused outright. */
function containsOwner(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const whole = [owner.email, owner.email?.split('@')[0], owner.username, owner.name]
    .map((v) => v?.trim().toLowerCase() ?? '')
    .filter((v) => v.length >= 4);
  return whole.some((v) => lower.includes(v));
}

type Estimator = (
  password: string,
  inputs: string[],
) => { score: PasswordScore; feedback: { warning: string | null; suggestions: string[] } };

let estimator: Promise<Estimator> | undefined;

function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => {
      const zxcvbn = new ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
      });
      return (password, inputs) => {
        const result = zxcvbn.check(password, inputs);
        return {
          score: result.score as PasswordScore,
          feedback: { warning: result.feedback.warning, suggestions: result.feedback.suggestions },
        };
      };
    },
  );
  return estimator;
}

/** The strength of a new password for this owner; `problem` says why it is refused, if it is. */
export async function passwordStrength(
  password: string,
  owner: PasswordOwner = {},
): Promise<PasswordStrength> {
  const estimate = await loadEstimator();
  const { score, feedback } = estimate(password, ownerInputs(owner));
  if (containsOwner(password, owner))
    return {
      score: Math.min(score, MIN_PASSWORD_SCORE - 1) as PasswordScore,
      problem: weakPasswordMessage('userInputs', ['anotherWord']),
    };
  if (score >= MIN_PASSWORD_SCORE) return { score, problem: null };
  return { score, problem: weakPasswordMessage(feedback.warning, feedback.suggestions) };
}
