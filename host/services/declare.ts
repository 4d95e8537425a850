import type { Services } from './index.js';

/** The services a declaration needs, by name, typed from the declarations themselves. */
export type Needs<N extends string> = { readonly [K in N]: K extends keyof Services ? Services[K] : never };

/**
 * How one service is made: the names of the services it needs and a factory given exactly those.
 * The container calls `build` the first time the service is asked for, so declarations may come
 * in any order.
 */
export interface Declaration<T, N extends string = string> {
  readonly needs: readonly N[];
  readonly build: (needs: Needs<N>) => T;
  /** Opened by the host at start (drivers open asynchronously) and handed in; never built. */
  readonly supplied?: true;
}

/**
 * Declares a service. `build` says what it returns (`(d): UserService => …`): the type of the
 * services record is read from these return types, and TypeScript needs them written to read it
 * without going round in a circle through `Needs`.
 */
export function declare<T, N extends string = never>(declaration: {
  needs: readonly N[];
  build: (needs: Needs<N>) => T;
}): Declaration<T, N> {
  return declaration;
}

/** A value the host opens or works out at start and hands to the container (see `ServiceContainer.supply`). */
export function supplied<T>(): Declaration<T, never> & { readonly supplied: true } {
  return {
    needs: [],
    build: () => {
      throw new Error('supplied by the host at start: asked for before it was handed in');
    },
    supplied: true,
  };
}

/** What a declaration makes. */
export type Built<D> = D extends { readonly build: (needs: never) => infer T } ? T : never;

/** The names a declaration needs. */
export type NeedsOf<D> = D extends { readonly needs: readonly (infer N)[] } ? N : never;
