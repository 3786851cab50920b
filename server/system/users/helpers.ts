/** Request values as server/system/customers reads them (the user screens themselves are server/domains/system). */
import type { FastifyRequest } from 'fastify';

export { splitIds, text } from '../../domains/system/values.ts';

type Body = Record<string, unknown>;

export const bodyOf = (request: FastifyRequest): Body => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
};
