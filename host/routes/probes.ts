import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';

/** Liveness and readiness for load balancers and orchestrators; no credentials needed. */
export default defineRoutes('probes', ['readiness'], ({ readiness }) => [
  route({
    method: 'GET',
    path: '/api/v1/probes/alive',
    access: 'public',
    summary: 'Answers while the process runs',
    response: { schema: Type.Literal('alive') },
    handler: () => 'alive' as const,
  }),
  route({
    method: 'GET',
    path: '/api/v1/probes/ready',
    access: 'public',
    summary: 'Answers once storage is reachable and the service is not shutting down',
    answers: { 503: 'not ready' },
    response: { schema: Type.Literal('ready') },
    handler: async () => {
      try {
        await readiness();
      } catch (cause) {
        throw new CmsError(Errors.SERVICE_NOT_READY, undefined, { cause });
      }
      return 'ready' as const;
    },
  }),
]);
