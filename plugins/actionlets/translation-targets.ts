import { InvalidError, canonicalFieldClassName, type ContentLanguage, type ItemField } from '../../core/plugin/kit.js';

/** A list parameter as the original splits it: commas or blanks. */
export function listParam(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The field types Translate Content translates, by the names the original's `fieldTypes` uses, and
 * how the provider reads them. Text fields translate only when they hold text (not a number).
 */
const TRANSLATABLE: Readonly<Record<string, { className: string; format: 'text' | 'html'; dataTypes?: string[] }>> = {
  text: { className: 'ImmutableTextField', format: 'text', dataTypes: ['TEXT', 'LONG_TEXT'] },
  textarea: { className: 'ImmutableTextAreaField', format: 'text' },
  wysiwyg: { className: 'ImmutableWysiwygField', format: 'html' },
  custom_field: { className: 'ImmutableCustomField', format: 'text' },
};

/** The fields of the listed types, less the ignored variables; an unknown type name is refused. */
export function translatableFields(
  fields: readonly ItemField[],
  fieldTypes: readonly string[],
  ignoreFields: readonly string[],
): Array<{ variable: string; format: 'text' | 'html' }> {
  const kinds = fieldTypes.map((name) => {
    const kind = TRANSLATABLE[name.toLowerCase()];
    if (!kind) {
      throw new InvalidError(
        `Translate Content cannot translate fields of type ${name} (it translates ${Object.keys(TRANSLATABLE).join(', ')})`,
        { code: 'WORKFLOW_TRANSLATION_FIELD_TYPE_UNKNOWN', fieldName: 'fieldTypes' },
      );
    }
    return kind;
  });
  const chosen = fields.flatMap((field) => {
    if (ignoreFields.includes(field.variable)) return [];
    const kind = kinds.find(
      (k) =>
        field.className === canonicalFieldClassName(k.className) &&
        (!k.dataTypes || k.dataTypes.includes(field.dataType)),
    );
    return kind ? [{ variable: field.variable, format: kind.format }] : [];
  });
  if (chosen.length === 0) {
    throw new InvalidError(
      "No fields to translate: the content type has no field of the types in 'fieldTypes' that 'ignoreFields' leaves",
      { code: 'WORKFLOW_TRANSLATION_NO_FIELDS', fieldName: 'fieldTypes' },
    );
  }
  return chosen;
}

/**
 * The languages to translate into, the item's own left out: every configured language for `all`,
 * else those the codes name. `fr` names every French language (`fr-FR`, `fr-CA`), `fr-CA` (or
 * `fr_CA`) that one only. A code naming no language is refused.
 */
export function targetLanguages(
  languages: readonly ContentLanguage[],
  translateTo: readonly string[],
  ownLanguageId: number,
): number[] {
  const chosen = new Set<number>();
  for (const code of translateTo) {
    const [language = '', country] = code.toLowerCase().split(/[-_]/);
    const named =
      language === 'all' && country === undefined
        ? languages
        : languages.filter(
            (l) =>
              l.languageCode.toLowerCase() === language &&
              (country === undefined || l.countryCode.toLowerCase() === country),
          );
    if (named.length === 0) {
      throw new InvalidError(`Translate Content cannot translate to ${code}: no configured language has that code`, {
        code: 'WORKFLOW_TRANSLATION_LANGUAGE_UNKNOWN',
        fieldName: 'translateTo',
      });
    }
    for (const l of named) chosen.add(l.id);
  }
  chosen.delete(ownLanguageId);
  return [...chosen].sort((a, b) => a - b);
}
