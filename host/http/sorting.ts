import { Type, type Static, type TString } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { Sort } from '../../core/model/sort.js';
import { INVALID_AS } from './request-reader.js';

/**
 * What a list may be sorted by: each column with the names a client may send for it, matched
 * ignoring case. The first name is the one the error message offers; the others are the original's
 * column names (`velocity_var_name`, `mod_date`), which its clients send.
 */
export type SortNames<Column extends string> = Readonly<Record<Column, readonly [string, ...string[]]>>;

/** The query members of a sortable list, their checks, and the sort they ask for. */
export interface Sortable<Column extends string> {
  /** `orderby` (the original's name; `orderBy` too) and `direction`; compose it with the list's other members. */
  readonly query: ReturnType<typeof sortQuery>;
  /** The same members, each taking null for "not sent", as request bodies of the original's clients carry them. */
  readonly nullableBody: ReturnType<typeof nullableSortBody>;
  /** The sort asked for: undefined when neither member was sent (the list keeps its own order). */
  read(query: Static<ReturnType<typeof nullableSortBody>>): Sort<Column> | undefined;
}

/**
 * Declares how a list sorts: `orderby` names one of `names`, `direction` is ASC or DESC (either
 * case); a direction alone sorts `byDefault` that way. Anything else is a 400 naming the member.
 */
export function sortable<const Column extends string>(
  names: SortNames<Column>,
  byDefault: NoInfer<Column>,
): Sortable<Column> {
  const columns = new Map<string, Column>();
  for (const [column, aliases] of Object.entries(names) as Array<[Column, readonly string[]]>)
    for (const alias of aliases) columns.set(alias.toLowerCase(), column);
  const offered = (Object.values(names) as Array<readonly string[]>).map((aliases) => aliases[0]).join(', ');
  const query = sortQuery([...columns.keys()], offered);
  return {
    query,
    nullableBody: nullableSortBody(query),
    read: ({ orderby, orderBy, direction }) => {
      const name = orderby ?? orderBy ?? undefined;
      if (name === undefined && direction == null) return undefined;
      // The schema admitted only the names of `columns`.
      const column = (name === undefined ? undefined : columns.get(name.trim().toLowerCase())) ?? byDefault;
      return { column, descending: direction?.trim().toUpperCase() === 'DESC' };
    },
  };
}

function sortQuery(names: readonly string[], offered: string) {
  const column = (parameter: 'orderby' | 'orderBy') =>
    Type.Optional(
      Type.String({
        maxLength: 64,
        pattern: anyOf(names),
        [INVALID_AS]: () =>
          new CmsError(Errors.HTTP_SORT_COLUMN_INVALID, { parameter, columns: offered }, { fieldName: parameter }),
      }),
    );
  return Type.Object({
    orderby: column('orderby'),
    orderBy: column('orderBy'),
    direction: Type.Optional(
      Type.String({
        maxLength: 8,
        pattern: anyOf(['asc', 'desc']),
        [INVALID_AS]: () => new CmsError(Errors.HTTP_SORT_DIRECTION_INVALID, undefined, { fieldName: 'direction' }),
      }),
    ),
  });
}

function nullableSortBody(query: ReturnType<typeof sortQuery>) {
  // The refusal a bad name or direction gets stays the member's own, null or not.
  const orNull = <T extends TString>(member: T) =>
    Type.Optional(
      Type.Union([Type.String({ ...member }), Type.Null()], {
        [INVALID_AS]: (member as Record<string, unknown>)[INVALID_AS],
      }),
    );
  return Type.Object({
    orderby: orNull(query.properties.orderby),
    orderBy: orNull(query.properties.orderBy),
    direction: orNull(query.properties.direction),
  });
}

/** A pattern matching any of the words, ignoring case (JSON Schema patterns take no flags) and surrounding blanks. */
function anyOf(words: readonly string[]): string {
  const letters = (word: string) =>
    [...word]
      .map((c) =>
        /[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
  return `^\\s*(?:${words.map(letters).join('|')})\\s*$`;
}
