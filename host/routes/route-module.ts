import type { AnyRoute } from '../http/route.js';
import type { Services } from './services.js';

/**
 * One REST area: its routes, declared against the services it uses. The app lists modules; adding an
 * area is one module file and one line in that list.
 */
export interface RouteModule {
  /** The area, for the route table and logs. */
  readonly area: string;
  routes(services: Services): AnyRoute[];
}

/** Identity function for type inference. */
export function defineRoutes(area: string, routes: (services: Services) => AnyRoute[]): RouteModule {
  return { area, routes };
}
