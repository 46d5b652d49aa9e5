import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * Each operation's security: the session cookie on every signed-in route, and an API token too
 * on a route with a `config.scope` (named in `x-required-scope`); public routes need neither.
 */
const withSecurity: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const config = input.route.config;
  if (!config?.access || config.access.kind === 'public') return { schema, url };
  const scope = config.scope;
  return {
    url,
    schema: {
      ...schema,
      security: scope ? [{ session: [] }, { apiToken: [scope] }] : [{ session: [] }],
      ...(scope ? { 'x-required-scope': scope } : {}),
    },
  };
};

/** OpenAPI generated from the route schemas: viewer at /api/docs, document at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Truck Finder API',
        description:
          'Roadside help for truck drivers. JSON in and out; the session is an httpOnly cookie set by sign-in. ' +
          'Programs of an Enterprise business call the routes that name a scope with `Authorization: Bearer tf_live_…` ' +
          '(an API token, docs/api.md "API tokens"). ' +
          'Errors are `{"error": "message", "fields"?: {...}}`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tf_session' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token (`tf_live_…`, `tf_test_…` on a test server) of an Enterprise business, within its scopes',
          },
        },
      },
    },
    transform: withSecurity,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The viewer sets inline styles; keep our framing rule on its pages too.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}
