/** The package of the built-in actionlet classes, as the REST interface names them. */
export const ACTIONLET_PACKAGE = 'com.cms.portlets.workflows.actionlet';

/** One level up: the package Message lives in. */
export const WORKFLOWS_PACKAGE = 'com.cms.portlets.workflows';

/** `SaveContentActionlet` → `com.cms.portlets.workflows.actionlet.SaveContentActionlet`. */
export function actionletClassName(simpleName: string, pkg: string = ACTIONLET_PACKAGE): string {
  return `${pkg}.${simpleName}`;
}
