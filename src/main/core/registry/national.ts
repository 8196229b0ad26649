// National rating lists from CSV or XLSX: read the table (national-table.ts), turn the officer's mapping of its columns
// into records (national-records.ts), and import them as a reference list in one transaction.
import { basename } from 'node:path'
import type { Db } from '../db/open'
import { UserError } from '../util/errors'
import { ProblemLog } from './list-record'
import { duplicatesOf, throwProblems, type ImportListResult } from './import'
import { ListWriter, referenceListByChecksum } from '../data/list-import'
import { fileChecksum } from './text-source'
import { appendAudit } from '../data/audit'
import { readNationalTable } from './national-table'
import { nationalRecords, type NationalImportOptions } from './national-records'

export { NATIONAL_FIELDS, REGION_MAX, readNationalTable, suggestMapping, type ColumnMapping, type NationalField, type NationalTable } from './national-table'
export { nationalRecords, type NationalImportOptions } from './national-records'

/** Imports a national list as a read-only reference list of that federation, in one transaction. */
export async function importNationalList(db: Db, opts: NationalImportOptions): Promise<ImportListResult> {
  const table = await readNationalTable(opts.file)
  const fileName = basename(opts.file)
  const log = new ProblemLog(fileName)
  const records = nationalRecords(table, opts, log)
  if (log.errors.length) throwProblems(log)
  const checksum = fileChecksum(opts.file)
  const dup = referenceListByChecksum(db, checksum, opts.listDate)
  if (dup) throw new UserError('registry.alreadyImported', { file: fileName, listDate: opts.listDate, listId: dup.id })
  const writer = new ListWriter(db, log, { listDate: opts.listDate, source: opts.source, fileName, checksum })
  const lists = db.transaction(() => {
    writer.openList(opts.ratingType)
    for (const r of records) writer.write(r)
    writer.finish()
    writer.storeCounts()
    const lists = [...writer.lists.entries()].map(([ratingType, l]) => ({ id: l.id, ratingType, entries: l.entries }))
    appendAudit(db, {
      action: 'list.import',
      entity: 'rating_list',
      entityId: lists.map((l) => l.id).join(','),
      data: { file: fileName, checksum, listDate: opts.listDate, source: opts.source, format: 'national', mapping: opts.mapping, lists, records: writer.records, players: writer.counts, warnings: log.warningCount, duplicates: { count: log.repeatCount, lines: log.repeats.slice(0, 20) } }
    })
    return lists
  })()
  return {
    format: 'national',
    encoding: 'n/a',
    checksum,
    lists,
    records: writer.records,
    players: writer.counts,
    arbitersAdded: 0,
    warnings: log.warnings,
    warningCount: log.warningCount,
    duplicates: duplicatesOf(log)
  }
}
