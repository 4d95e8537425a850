import {
  type Actionlet,
  type ActionletContext,
  type ActionletParameter,
  type ContentOperations,
} from '../../core/plugin/kit.js';
import { ACTIONLET_PACKAGE, actionletClassName } from './package.js';

export interface ActionletSpec {
  /** The simple class name, e.g. `SaveContentActionlet`. */
  className: string;
  /** The package of the class; the actionlet package unless stated. */
  package?: string;
  name: string;
  howTo: string;
  parameters?: readonly ActionletParameter[];
  unavailableReason?: string;
  preSave?(context: ActionletContext): Promise<void> | void;
  run(context: ActionletContext): Promise<void> | void;
}

/** Builds an actionlet of the built-in catalogue from its simple class name. */
export function catalogueActionlet(spec: ActionletSpec): Actionlet {
  const { className, package: pkg = ACTIONLET_PACKAGE, parameters = [], ...rest } = spec;
  return { actionClass: actionletClassName(className, pkg), parameters, ...rest };
}

/** The content operations that take no argument: one actionlet each. */
export type ContentOperation = Exclude<keyof ContentOperations, 'setValue'>;

/** An actionlet with no parameters that performs one content operation. */
export function contentOperationActionlet(spec: {
  className: string;
  name: string;
  howTo: string;
  operation: ContentOperation;
}): Actionlet {
  const { operation, ...rest } = spec;
  const actionlet = catalogueActionlet({ ...rest, run: (context) => context.content[operation]() });
  return operation === 'save' || operation === 'saveDraft' ? { ...actionlet, savesContent: true } : actionlet;
}
