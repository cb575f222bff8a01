import type { FastifyInstance } from 'fastify';

/** An admin's API, through app.inject: `call('POST', '/api/drivers/create', body)`. */
export function apiAs(app: FastifyInstance, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: answer.statusCode, body: answer.json() };
  };
}
export type Api = ReturnType<typeof apiAs>;
