import fastJsonStringify, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0]['schema'];

/**
 * How answers are written: `checked` runs every answer through its zod schema (tests and
 * development: an answer that breaks the contract fails loudly); `compiled` writes it with
 * fast-json-stringify from the JSON Schema of the same zod schema (production). Both send only
 * the fields the schema names, so a field a handler returns by mistake (a password hash) never
 * leaves the server. A schema JSON Schema cannot describe (a transform, a codec, a date) keeps
 * the zod serializer. docs/decisions/021-lean-request-path.md
 */
export type SerializerMode = 'checked' | 'compiled';

export const serializerModeFor = (env: 'development' | 'production' | 'test'): SerializerMode =>
  env === 'production' ? 'compiled' : 'checked';

/** The zod schema of a route's response, as fastify-type-provider-zod accepts it. */
function zodSchemaOf(schema: ResponseSchema): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/**
 * The JSON Schema fast-json-stringify writes a response from, or undefined when JSON Schema cannot
 * describe it faithfully. fast-json-stringify writes only the properties an object schema lists
 * (unless `additionalProperties` allows more, as zod's loose objects and records do), so
 * `additionalProperties: false` is left out: it would only make a union member refuse an answer
 * that carries an extra field instead of dropping that field, as zod does.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      unrepresentable: 'throw',
      reused: 'inline',
      cycles: 'ref',
    });
  } catch {
    return undefined;
  }
  return withoutClosedObjects(json) as Record<string, unknown>;
}

function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = withoutClosedObjects(value);
  }
  return out;
}

export function responseSerializerCompiler(
  mode: SerializerMode,
): FastifySerializerCompiler<z.ZodType> {
  if (mode === 'checked') return zodSerializerCompiler;
  return (route) => {
    const zodSchema = zodSchemaOf(route.schema);
    const jsonSchema = zodSchema && responseJsonSchema(zodSchema);
    if (!jsonSchema) return zodSerializerCompiler(route);
    try {
      return fastJsonStringify(jsonSchema as AnySchema) as (data: unknown) => string;
    } catch {
      return zodSerializerCompiler(route);
    }
  };
}
