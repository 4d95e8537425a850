import 'reflect-metadata';
import { instanceCachingFactory, container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { PluginRegistry } from '../../core/plugin/registry.js';
import { NamedContributions } from './contributions.js';
import type { Declaration } from './declare.js';
import { DECLARATIONS, type Services, type SuppliedName } from './index.js';

type Name = keyof Services;

/**
 * The app's services in a container of their own (a child of the process's, so tests can run
 * several apps in one process). Each declared name is a token whose factory builds the service
 * from the services it needs, once, the first time it is asked for.
 */
export class ServiceContainer {
  private readonly container: DependencyContainer = rootContainer.createChildContainer();
  /** The services being built, outermost first: a name asked for again while on it is a circle. */
  private readonly building: string[] = [];
  private readonly made = new Set<string>();

  /** `declarations`: the app's unless a test gives others. */
  constructor(private readonly declarations: Readonly<Record<string, Declaration<unknown>>> = DECLARATIONS) {
    for (const [name, declaration] of Object.entries(declarations))
      this.container.register(name, {
        useFactory: instanceCachingFactory(() => this.build(name, declaration)),
      });
  }

  /**
   * Registers the plugins' contributions that properties name and supplies `contributions`, which
   * resolves a property's value through them. `origin` says where a property was set.
   */
  registerContributions(
    registry: PluginRegistry,
    origin: (property: string) => string | undefined,
  ): NamedContributions {
    const contributions = new NamedContributions(this.container, origin);
    contributions.register(registry);
    this.supply('contributions', contributions);
    return contributions;
  }

  /** Hands in a value the host opened at start (storage, search, mail…); later asks answer it. */
  supply<K extends SuppliedName>(name: K, value: Services[K]): void {
    this.container.register(name, { useValue: value });
    this.made.add(name);
  }

  /** The service, built now if it was not yet. */
  get<K extends Name>(name: K): Services[K] {
    return this.container.resolve<Services[K]>(name);
  }

  /** Whether the service was built (or supplied): what was never built needs no stopping. */
  has(name: Name): boolean {
    return this.made.has(name);
  }

  /** Exactly the services named, built now: what a route module declared it uses. */
  pick<K extends Name>(names: readonly K[]): Pick<Services, K> {
    return Object.fromEntries(names.map((name) => [name, this.get(name)])) as Pick<Services, K>;
  }

  /** Every service, each built when first read. */
  record(): Services {
    const record = {};
    for (const name of Object.keys(this.declarations) as Name[])
      Object.defineProperty(record, name, { enumerable: true, get: () => this.get(name) });
    return Object.freeze(record) as Services;
  }

  /** Drops the container's own instances; the services' stops are the lifecycle's. */
  clear(): void {
    this.container.clearInstances();
  }

  private build(name: string, declaration: Declaration<unknown>): unknown {
    if (this.building.includes(name))
      throw new Error(`Services need each other in a circle: ${[...this.building, name].join(' → ')}`);
    this.building.push(name);
    try {
      const needs = Object.fromEntries(declaration.needs.map((need) => [need, this.get(need as Name)]));
      const built = declaration.build(needs as never);
      this.made.add(name);
      return built;
    } finally {
      this.building.pop();
    }
  }
}
