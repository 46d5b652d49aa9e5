import { randomUUID } from 'node:crypto';

/** The subset of JSON Schema (as @fastify/swagger writes it from the zod schemas) sampled here. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A small seeded generator (mulberry32): the same seed gives the same inputs. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Strings a pattern is tried against, so a value can be found for the patterns the API uses. */
const PATTERN_CANDIDATES = () => [
  randomUUID(),
  day(3),
  `${day(3)}T12:00:00Z`,
  new Date().toISOString(),
  '(214) 555-0100',
  '2145550100',
  '75201',
  'TX',
  'user.name_1',
  'pm_test_4242',
  'cs_test_123',
  'checkout.session.completed',
  'a@example.com',
  'https://example.com',
  '#1d4ed8',
  '123',
  '1234',
  'abc',
  'Brake Repair',
];

/**
 * A value valid for `schema` as far as JSON Schema can say (zod refinements beyond it may still
 * refuse it). `ids` are real ids sometimes put where a uuid goes, so handlers find something.
 */
export function sampleValid(
  schema: JsonSchema,
  random: Random,
  options: { refs?: Record<string, JsonSchema>; ids?: string[]; depth?: number } = {},
): unknown {
  const depth = options.depth ?? 0;
  const next = (s: JsonSchema) => sampleValid(s, random, { ...options, depth: depth + 1 });
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return next(options.refs?.[name] ?? {});
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return next(random.pick(choices));
  if (schema.allOf?.length) return next(Object.assign({}, ...schema.allOf));
  const types = [schema.type ?? (schema.properties ? 'object' : 'string')].flat();
  const type = random.pick(
    types.filter((t) => t !== 'null').length ? types.filter((t) => t !== 'null') : types,
  );
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer', random);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      const items: unknown[] = [];
      const wanted = random.int(min, max);
      for (let tries = 0; items.length < wanted && tries < wanted * 5; tries++) {
        const item = next(schema.items ?? {});
        if (schema.uniqueItems && items.some((i) => JSON.stringify(i) === JSON.stringify(item)))
          continue;
        items.push(item);
      }
      return items;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || (depth < 4 && random.chance(0.5))) out[key] = next(property);
      }
      return out;
    }
    default:
      return sampleString(schema, random, options.ids ?? []);
  }
}

function sampleNumber(schema: JsonSchema, integer: boolean, random: Random) {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : null;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : null;
  let min = schema.minimum ?? (exclusiveMin !== null ? exclusiveMin + 1 : 0);
  let max = schema.maximum ?? (exclusiveMax !== null ? exclusiveMax - 1 : min + 1000);
  if (max > min + 1e6) max = min + 1e6;
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
    return random.int(min, Math.max(min, max));
  }
  const step = schema.multipleOf ?? 0.01;
  const steps = Math.max(0, Math.floor((max - min) / step));
  return Number((Math.ceil(min / step) * step + random.int(0, steps) * step).toFixed(6));
}

function sampleString(schema: JsonSchema, random: Random, ids: string[]) {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 24);
  const fits = (s: string) =>
    s.length >= min && s.length <= max && (!schema.pattern || new RegExp(schema.pattern).test(s));
  const byFormat: Record<string, () => string> = {
    uuid: () => (ids.length && random.chance(0.6) ? random.pick(ids) : randomUUID()),
    email: () => `fuzz${random.int(0, 1e9)}@example.com`,
    'date-time': () => new Date(Date.now() + random.int(0, 30) * 86_400_000).toISOString(),
    date: () => day(random.int(0, 30)),
    uri: () => 'https://example.com/page',
  };
  const formatted = schema.format ? byFormat[schema.format]?.() : undefined;
  if (formatted !== undefined && fits(formatted)) return formatted;
  if (schema.pattern) {
    const found = PATTERN_CANDIDATES().filter(fits);
    if (found.length) return random.pick(found);
  }
  const letters = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const length = random.int(Math.max(min, 1), Math.max(Math.min(max, min + 30), 1));
  let text = '';
  for (let i = 0; i < length; i++) text += random.pick([...letters]);
  return text.trim().length >= min ? text : 'x'.repeat(Math.max(min, 1));
}
