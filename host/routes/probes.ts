import { CmsError } from '../../core/errors.js';
import { route, type RouteDefinition } from '../http/route.js';

/** Liveness and readiness for load balancers and orchestrators; no credentials needed. */
export function probeRoutes(readiness: () => Promise<void>): RouteDefinition[] {
  return [
    route({ method: 'GET', path: '/api/v1/probes/alive', access: 'public', handler: () => 'alive' }),
    route({
      method: 'GET',
      path: '/api/v1/probes/ready',
      access: 'public',
      handler: async () => {
        try {
          await readiness();
        } catch (cause) {
          throw new CmsError('unavailable', 'SERVICE_NOT_READY', 'The service is not ready', { cause });
        }
        return 'ready';
      },
    }),
  ];
}
