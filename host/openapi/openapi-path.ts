/** A route's path as the OpenAPI document writes it, with the path parameters it names. */
export interface OpenApiPath {
  /** `/api/v1/users/{userId}`. */
  template: string;
  /** In order; `rest` marks the router's trailing `*name`, which takes the rest of the path, slashes included. */
  params: Array<{ name: string; routeName: string; rest: boolean }>;
}

/**
 * `/a/:id/b/*rest` → `/a/{id}/b/{rest}`. OpenAPI has no form for a parameter that spans several
 * segments, so the router's trailing rest parameter becomes an ordinary path parameter whose
 * description (and `x-rest-of-path`) says it takes the rest of the path, slashes included.
 *
 * OpenAPI forbids two templates that differ only in their parameter names (`/a/{x}` beside
 * `/a/{y}`), which the router allows per method: `shapes` keeps the names of the first path of
 * each shape, and later paths of that shape take them (the handler's own names are invisible to
 * clients).
 */
export function openApiPath(path: string, shapes: Map<string, string[]>): OpenApiPath {
  const segments = path === '/' ? [] : path.slice(1).split('/');
  const shape = segments.map((s) => (s.startsWith(':') ? ':' : s.startsWith('*') ? '*' : s)).join('/');
  const routeNames = segments.filter((s) => s.startsWith(':') || s.startsWith('*')).map((s) => s.slice(1));
  const names = shapes.get(shape) ?? routeNames;
  shapes.set(shape, names);
  let index = 0;
  const params: OpenApiPath['params'] = [];
  const template = segments
    .map((segment) => {
      if (!segment.startsWith(':') && !segment.startsWith('*')) return segment;
      const name = names[index]!;
      params.push({ name, routeName: routeNames[index]!, rest: segment.startsWith('*') });
      index++;
      return `{${name}}`;
    })
    .join('/');
  return { template: `/${template}`, params };
}
