import { catalogueActionlet } from './define.js';
import { required } from './param.js';

export const setValue = catalogueActionlet({
  className: 'SetValueActionlet',
  name: 'Set Value',
  howTo:
    'Sets a field of the content before it is saved. "field" is the variable name of the field; "value" is a Velocity template, ' +
    'so it may use the submitted values (e.g. $content.title), $user and $workflow. Use it in an action that also saves the content.',
  parameters: [
    { ...required('field', 'Field variable name'), names: 'field' },
    required('value', 'Value (Velocity template)'),
  ],
  // The engine runs every preSave before any run, so the value is part of the submission when a
  // Save content of the same action runs, wherever this actionlet sits in the list.
  preSave: (context) =>
    context.content.setValue(context.params.field ?? '', context.render(context.params.value ?? '')),
  // Nothing left to do: preSave covered it. Setting the value again here would, after a save in this
  // fire, store it as one more version of the item.
  run: () => {},
});
