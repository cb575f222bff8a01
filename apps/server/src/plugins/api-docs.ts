import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description generated from the same zod schemas the routes validate with, browsable at /api/docs. */
export async function addApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'School transport back-office API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
