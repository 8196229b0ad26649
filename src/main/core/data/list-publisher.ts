// SQL of a list's publisher (lists/publisher.ts reads it): an office list's federation recorded at its publication
// (migration 26) and the rules it was computed under, beside the list's kind and source.
import type { Db } from '../db/open'
import type { ListPublisher } from '../../../shared/contract/lists'
import { UserError } from '../util/errors'
import { listPublisher, type PublisherColumns } from '../lists/publisher'
import { readSettings } from './settings'

/** The columns of PublisherColumns but kind and source, over `rating_lists` aliased `l` LEFT JOINed to `office_list_meta` aliased `m`. */
export function publisherSql(l: string, m: string): string {
  return `${m}.federation_name AS publisherName, ${m}.federation_code AS publisherCode,
    coalesce(${m}.profile_id, ${l}.edition) AS rulesId, json_extract(${m}.params, '$.kind') AS rulesKind, json_extract(${m}.params, '$.name') AS rulesName`
}

/** One list's publisher alone (its row and parameters, no count): what an export's file name starts with. */
export function getListPublisher(db: Db, listId: number): ListPublisher {
  const row = db.prepare(`SELECT l.kind, l.source, ${publisherSql('l', 'm')} FROM rating_lists l LEFT JOIN office_list_meta m ON m.list_id = l.id WHERE l.id = ?`).get(listId) as PublisherColumns | undefined
  if (!row) throw new UserError('lists.notFound', { listId })
  return listPublisher(row, readSettings(db))
}
