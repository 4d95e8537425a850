import { analyticsServices } from './analytics.js';
import { authServices } from './auth.js';
import { contentServices } from './content.js';
import type { Built, NeedsOf } from './declare.js';
import { eventServices } from './events.js';
import { hostServices } from './host.js';
import { jobServices } from './jobs.js';
import { publishingServices } from './publishing.js';
import { searchServices } from './search.js';
import { siteTreeServices } from './site-tree.js';
import { tokenComponentServices } from './token-components.js';
import { workflowServices } from './workflow.js';

/** Every service of the app, by name, each declared once in the file of its area. */
export const DECLARATIONS = {
  ...hostServices,
  ...tokenComponentServices,
  ...eventServices,
  ...authServices,
  ...contentServices,
  ...searchServices,
  ...siteTreeServices,
  ...workflowServices,
  ...publishingServices,
  ...jobServices,
  ...analyticsServices,
};

type Declarations = typeof DECLARATIONS;

/** The services record: what each declaration builds, under its name. Route modules pick from it. */
export type Services = { readonly [K in keyof Declarations]: Built<Declarations[K]> };

/** The names the host hands values in for at start rather than building them. */
export type SuppliedName = {
  [K in keyof Declarations]: Declarations[K] extends { supplied: true } ? K : never;
}[keyof Declarations];

/** Needs naming nothing declared: a compile error here names them. */
type UnknownNeeds = Exclude<
  { [K in keyof Declarations]: NeedsOf<Declarations[K]> }[keyof Declarations],
  keyof Services
>;
export const allNeedsDeclared: [UnknownNeeds] extends [never] ? true : { unknownNeeds: UnknownNeeds } = true;

export { ServiceContainer } from './service-container.js';
