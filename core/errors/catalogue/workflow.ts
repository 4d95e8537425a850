import { defineErrors } from '../error-entry.js';

/** Workflow definitions, system actions and firing actions. */
export const workflowErrors = defineErrors('workflow', {
  WORKFLOW_SCHEME_NOT_FOUND: {
    kind: 'not_found',
    message: 'Workflow scheme [{scheme}] not found',
    meaning: "No scheme has this id or short id (the original's words).",
  },
  WORKFLOW_SCHEME_SYSTEM: {
    kind: 'invalid',
    message: 'The System Workflow cannot be {operation}',
    meaning: 'The built-in System Workflow is neither archived nor deleted.',
  },
  WORKFLOW_SCHEME_NOT_ARCHIVED: {
    kind: 'invalid',
    message: 'Only an archived workflow scheme can be deleted; archive it first',
    meaning: 'A scheme must be archived before it is deleted.',
  },
  WORKFLOW_NAME_REQUIRED: {
    kind: 'invalid',
    message: 'A workflow {what} needs a name',
    meaning: 'A scheme, step or action was sent without a name.',
  },
  WORKFLOW_FIELD_REQUIRED: {
    kind: 'invalid',
    message: '{field} is required',
    meaning: 'A required member of a workflow request is missing.',
  },
  WORKFLOW_STEP_NOT_FOUND: {
    kind: 'not_found',
    message: 'The Workflow Step does not exist',
    meaning: "No step has this id or short id (the original's words).",
  },
  WORKFLOW_STEP_NOT_EMPTY: {
    kind: 'invalid',
    message: 'The step {step} still holds content; move it first',
    meaning: 'A step that items stand in cannot be deleted.',
  },
  WORKFLOW_STEP_IN_USE: {
    kind: 'invalid',
    message: 'The step {step} is the next step of {actions}; change those actions first',
    meaning: 'A step that actions move content to cannot be deleted.',
  },
  WORKFLOW_ESCALATION_TIME_INVALID: {
    kind: 'invalid',
    message: 'escalationTime must be a whole number of seconds',
    meaning: "A step's escalation time is not a whole number.",
  },
  WORKFLOW_ACTION_NOT_FOUND: {
    kind: 'not_found',
    message: 'The Workflow Action does not exist',
    meaning: "No action has this id or short id (the original's words).",
  },
  WORKFLOW_ACTION_NOT_IN_STEP: {
    kind: 'not_found',
    message: 'The Workflow Action [{action}] is not attached to the step {step}',
    meaning: 'The action exists but is not attached to that step.',
  },
  WORKFLOW_ACTION_SCHEME_IMMUTABLE: {
    kind: 'invalid',
    message: 'An action cannot move to another scheme',
    meaning: "An update tried to change an action's scheme.",
  },
  WORKFLOW_ACTION_OTHER_SCHEME: {
    kind: 'invalid',
    message: 'The action belongs to another scheme than the step',
    meaning: 'Actions are attached only to steps of their own scheme.',
  },
  WORKFLOW_NEXT_STEP_OTHER_SCHEME: {
    kind: 'invalid',
    message: 'actionNextStep must be a step of the same scheme',
    meaning: "An action's next step belongs to another scheme.",
  },
  WORKFLOW_SHOW_ON_INVALID: {
    kind: 'invalid',
    message: 'Unknown showOn value {values}; allowed: {allowed}',
    meaning: "An action's `showOn` holds a value the interface does not know.",
  },
  WORKFLOW_ACTIONLET_UNKNOWN: {
    kind: 'invalid',
    message: 'No actionlet with the class {actionClass}',
    meaning: 'No installed actionlet has this class.',
  },
  WORKFLOW_ACTIONLET_SECRET_MASKED: {
    kind: 'invalid',
    message: '{parameter} is a secret: send its value, not {mask}',
    meaning:
      'A secret parameter was sent as the mask that answers show in its place (read from an association and sent back); secrets are never answered, so send the value itself.',
  },
  WORKFLOW_ACTIONLET_PARAMETER_REQUIRED: {
    kind: 'invalid',
    message: '{actionlet} needs {parameters}',
    meaning: 'Required parameters of an actionlet are missing; `errors` lists each.',
  },
  WORKFLOW_ACTIONLET_PARAMETER_UNKNOWN: {
    kind: 'invalid',
    message: 'The actionlet {actionClass} has no parameter {parameter}; it takes {parameters}',
    meaning: 'A parameter sent with an actionlet is not one it declares; `errors` lists each.',
  },
  WORKFLOW_ACTIONLET_FIELD_UNKNOWN: {
    kind: 'invalid',
    message: '{actionlet} names the field {field}, which no content type using the scheme {scheme} has',
    meaning:
      "A parameter that names a field (Set Value's `field`) names none of the fields of the content types the action's scheme is bound to.",
  },
  WORKFLOW_ACTIONLET_NOT_FOUND: {
    kind: 'not_found',
    message: 'Actionlet association {association} not found',
    meaning: 'No actionlet association has this id.',
  },
  WORKFLOW_ACTIONLET_MISSING: {
    kind: 'invalid',
    message: 'The actionlet {actionlet} ({actionClass}) of {action} is not installed',
    meaning: 'The action runs an actionlet no installed plugin provides; nothing was changed.',
  },
  WORKFLOW_LINKS_BROKEN: {
    kind: 'invalid',
    message: '{message}',
    meaning:
      'Link Checker found links in the listed fields that cannot be reached (or that point into a private network); the message lists them, and nothing was saved.',
  },
  WORKFLOW_STATUS_TOO_LONG: {
    kind: 'invalid',
    message: '{message}',
    meaning: 'Social Status Update was asked to post more than X accepts (280 characters); nothing was changed.',
  },
  WORKFLOW_TRANSLATION_LANGUAGE_UNKNOWN: {
    kind: 'invalid',
    message: '{message}',
    meaning:
      'Translate Content was given a language code (translateTo) that names no configured language; nothing was changed.',
  },
  WORKFLOW_TRANSLATION_FIELD_TYPE_UNKNOWN: {
    kind: 'invalid',
    message: '{message}',
    meaning:
      'Translate Content was given a field type (fieldTypes) it cannot translate; the message lists those it can. Nothing was changed.',
  },
  WORKFLOW_TRANSLATION_NO_FIELDS: {
    kind: 'invalid',
    message: '{message}',
    meaning:
      'The content type has no field of the types Translate Content translates (fieldTypes, less ignoreFields); nothing was changed.',
  },
  TRANSLATION_API_KEY_MISSING: {
    kind: 'unavailable',
    message: '{message}',
    meaning:
      "A translation job found no API key (neither the association's apiKey nor the provider's property); the job fails and is retried.",
  },
  WORKFLOW_ACTIONLET_UNAVAILABLE: {
    kind: 'invalid',
    message: '{action} cannot be fired: {reason}',
    meaning: 'The action runs an actionlet that cannot run in this installation; nothing was changed.',
  },
  WORKFLOW_SCHEME_NOT_ATTACHED: {
    kind: 'invalid',
    message: 'The Workflow Action [{action}] belongs to a scheme that is not attached to the content type {type}',
    meaning: "The action's scheme is not one of the content type's workflows.",
  },
  WORKFLOW_ACTION_NOT_AVAILABLE: {
    kind: 'invalid',
    message: 'The Workflow Action [{action}] is not available in the Workflow Step the content is currently in.',
    meaning: "The action is not attached to the item's current step (the original's words).",
  },
  WORKFLOW_ACTION_FORBIDDEN: {
    kind: 'forbidden',
    message: 'The user may not fire the Workflow Action {action}',
    meaning: "The caller is not in the action's whoCanUse.",
  },
  WORKFLOW_ACTION_NAME_UNKNOWN: {
    kind: 'invalid',
    message: 'Unable to execute the workflow: no action named "{name}" is available for the content',
    meaning:
      "A fire by name (PUT /api/v1/workflow/actions/fire) names no action of the item's current step or scheme (or, for an item without a task, of its schemes' first steps); the original answers 400 too.",
  },
  WORKFLOW_FIRE_NO_CONTENT: {
    kind: 'invalid',
    message: 'Send contentletFormData (or contentlet), or the query parameter inode',
    meaning: 'A fire must say which item it acts on.',
  },
  WORKFLOW_ACTION_SAVES_NOTHING: {
    kind: 'invalid',
    message: 'The action {action} does not save the content, so nothing was created',
    meaning: 'An action fired on new content has no actionlet that saves it.',
  },
  WORKFLOW_CONTENT_NOT_SAVED: {
    kind: 'invalid',
    message: 'The content must be saved before it can be {operation}',
    meaning: 'An actionlet needs a saved item, and the fire has not saved it yet.',
  },
  WORKFLOW_TEMPLATE_INVALID: {
    kind: 'invalid',
    message: 'The template is not valid: {problem}',
    meaning: 'A Velocity template (mail subject or body, Set Value) cannot be rendered within the limits.',
  },
  WORKFLOW_SYSTEM_ACTION_UNKNOWN: {
    kind: 'invalid',
    message: 'Unknown system action {name}; one of {names}',
    meaning: 'Not one of NEW, EDIT, PUBLISH, UNPUBLISH, ARCHIVE, UNARCHIVE, DELETE, DESTROY.',
  },
  WORKFLOW_ACTION_REQUIRED: {
    kind: 'invalid',
    message: 'actionId is required',
    meaning: 'A system-action mapping needs an action.',
  },
  WORKFLOW_SYSTEM_ACTION_OWNER: {
    kind: 'invalid',
    message: 'Send either schemeId or contentTypeVariable: the mapping belongs to one of them',
    meaning: 'A system-action mapping belongs to exactly one scheme or content type.',
  },
  WORKFLOW_ACTION_NOT_IN_SCHEME: {
    kind: 'invalid',
    message: 'The Workflow Action {action} does not belong to the scheme {scheme}',
    meaning: "A scheme's system action must be one of its own actions.",
  },
  WORKFLOW_SYSTEM_ACTION_NOT_FOUND: {
    kind: 'not_found',
    message: 'System action mapping {mapping} not found',
    meaning: 'No system-action mapping has this id.',
  },
  WORKFLOW_SYSTEM_ACTION_UNMAPPED: {
    kind: 'invalid',
    message: 'No action is mapped to {verb} for the content type {type}',
    meaning: 'Neither the content type nor its schemes map this system action.',
  },
  WORKFLOW_ACTION_NO_SAVE: {
    kind: 'invalid',
    message:
      'The action {action} has no sub-action that saves content: fire it through the workflow interface (PUT /api/v1/workflow/actions/<id>/fire)',
    meaning:
      'The legacy content save runs only actions holding a Save content (or Save Draft content) sub-action; others need the workflow interface.',
  },
  WORKFLOW_TASK_ORDER_UNKNOWN: {
    kind: 'invalid',
    message: 'orderBy: unknown column {column}; use one of {columns}, then asc or desc',
    meaning:
      'A workflow task search (POST /api/v1/workflow/search) was asked to sort by a column that is not one of its sortable columns.',
  },
  USER_MESSAGE_NOT_FOUND: {
    kind: 'not_found',
    message: 'No message {id}',
    meaning:
      "The caller has no message with this id (another user's messages are not shown to them, and answer the same).",
  },
});
