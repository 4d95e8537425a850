// A third-party actionlet, written as an installer would: one small file, no knowledge of the host.
// Load it with `plugins=./examples/actionlets/stamp-field.mjs` in cms.properties.
//
// "Stamp Field" writes a value into a field of the item before it is saved. The value is a Velocity
// template, so `$user.email` or `$content.title` can be used.
export default {
  name: 'example-stamp-field',
  apiVersion: 1,
  setup: () => ({
    actionlets: [
      {
        actionClass: 'com.example.cms.StampFieldActionlet',
        name: 'Stamp Field',
        howTo: 'Writes a value (a Velocity template) into a field before the content is saved.',
        parameters: [
          // names: 'field' has the service refuse a field that no content type of the scheme has.
          { key: 'field', displayName: 'Field variable', defaultValue: null, required: true, names: 'field' },
          { key: 'value', displayName: 'Value', defaultValue: 'Stamped by $user.email', required: false },
        ],
        async preSave(context) {
          await context.content.setValue(context.params.field, context.render(context.params.value ?? ''));
        },
        run() {
          // Everything happens before the save, in preSave.
        },
      },
    ],
  }),
};
