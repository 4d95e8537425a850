import type { FieldType } from '../../core/plugin/kit.js';
import { multipleChoiceFieldType } from './multiple-choice.js';
import { listItems } from './submitted-value.js';

const choices = multipleChoiceFieldType('Checkbox', 'TEXT');

/**
 * A checkbox whose options hold no `false` reads `false` as "not ticked": the original's one-option
 * flags (`|true`, such as Show on Menu) default to `false`, and clients send it for an empty box.
 */
export const checkboxField: FieldType = {
  ...choices,
  parse: (value, field, context) => {
    const unticked = (item: string) => item === 'false' && !/(^|\|)\s*false\s*$/m.test(field.values ?? '');
    const items = listItems(value).filter((item) => !unticked(item));
    return choices.parse(items, field, context);
  },
};
