import type { AnyRoute } from '../http/route.js';
import type { Services } from '../services/index.js';

/**
 * One REST area: its routes, declared against the services it names. The app hands it exactly
 * those; adding an area is one module file and one line in the app's list.
 */
export interface RouteModule<N extends keyof Services = keyof Services> {
  /** The area, for the route table and logs. */
  readonly area: string;
  /** The services the routes use. */
  readonly needs: readonly N[];
  readonly routes: (services: Pick<Services, N>) => AnyRoute[];
}

/** Identity function for type inference: `services` holds the services `needs` names, no others. */
export function defineRoutes<N extends keyof Services>(
  area: string,
  needs: readonly N[],
  routes: (services: Pick<Services, N>) => AnyRoute[],
): RouteModule<N> {
  return { area, needs, routes };
}
