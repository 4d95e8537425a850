import type Database from 'better-sqlite3';
import { holdsTypedValues } from '../../../core/plugin/kit.js';
import type { FieldNeeds, ValuesByDoc } from './aggregations.js';
import type { QueryCompilation } from './compiled-query.js';
import { hasWords, numOf } from './doc-record.js';
import type { DocReader } from './doc-reader.js';
import { MATCHES } from './matches.js';

/**
 * A field's values in the matched documents, for aggregations, reading only what they need. Few
 * matches: off the documents' values (`DocReader`). Many: one walk of each arm of the field
 * (`field-source.ts`), looking each row's document up among the matches (CROSS JOIN keeps that
 * order: measured at 100,000 matches, 82 ms where SQLite's own choice, a seek per match, took 365 ms).
 */
export function aggregationValues(
  db: Database.Database,
  c: QueryCompilation,
  reader: DocReader,
  request: { field: string; needs: FieldNeeds; docs: readonly number[]; many: boolean },
): ValuesByDoc {
  const { field, needs, docs, many } = request;
  const byDoc: ValuesByDoc = new Map();
  const add = (doc: number, value: unknown, num: number | null): void => {
    const entry = { value: needs.value ? value : null, num: needs.num ? num : null };
    const list = byDoc.get(doc);
    if (list) list.push(entry);
    else byDoc.set(doc, [entry]);
  };
  if (!many || (hasWords(field) && !holdsTypedValues(field))) {
    for (const doc of docs)
      for (const value of reader.values(doc, field)) {
        const num = numOf(value);
        if (needs.value || num !== null) add(doc, value, num);
      }
    return byDoc;
  }
  const { arms } = c.arms(field);
  const cond = needs.value ? '1' : 'f.num IS NOT NULL';
  for (const arm of arms) {
    const rows = db
      .prepare(
        arm.select(
          (doc) => `${doc}, f.value, f.num`,
          cond,
          undefined,
          (doc) => `CROSS JOIN ${MATCHES} m ON m.doc = ${doc}`,
        ),
      )
      .raw()
      .all(...arm.params) as Array<[number, unknown, number | null]>;
    // Raw rows: objects cost more than the look-up.
    for (const [doc, value, num] of rows) add(doc, value, num);
  }
  return byDoc;
}
