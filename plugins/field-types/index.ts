import { PLUGIN_API_VERSION, definePlugin } from '../../core/plugin/kit.js';
import { binaryField } from './binary.js';
import { categoryField } from './category.js';
import { checkboxField } from './checkbox.js';
import { columnField } from './column.js';
import { constantField } from './constant.js';
import { customField } from './custom.js';
import { dateTimeField } from './date-time.js';
import { dateField } from './date.js';
import { fileField } from './file.js';
import { hiddenField } from './hidden.js';
import { hostFolderField } from './host-folder.js';
import { imageField } from './image.js';
import { keyValueField } from './key-value.js';
import { lineDividerField } from './line-divider.js';
import { multiSelectField } from './multi-select.js';
import { radioField } from './radio.js';
import { relationshipField } from './relationship.js';
import { rowField } from './row.js';
import { selectField } from './select.js';
import { tabDividerField } from './tab-divider.js';
import { tagField } from './tag.js';
import { textAreaField } from './text-area.js';
import { textField } from './text.js';
import { timeField } from './time.js';
import { wysiwygField } from './wysiwyg.js';

/** Every built-in field type; each class name once. */
export const builtinFieldTypes = [
  textField,
  textAreaField,
  wysiwygField,
  dateField,
  timeField,
  dateTimeField,
  checkboxField,
  multiSelectField,
  radioField,
  selectField,
  constantField,
  hiddenField,
  customField,
  keyValueField,
  tagField,
  categoryField,
  hostFolderField,
  fileField,
  imageField,
  binaryField,
  relationshipField,
  rowField,
  columnField,
  tabDividerField,
  lineDividerField,
] as const;

/** The built-in field types of content types. */
export default definePlugin({
  name: 'field-types-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Text, dates, options, files, categories, relationships and layout fields',
  setup: () => ({ fieldTypes: [...builtinFieldTypes] }),
});
