// The demo office with its list of 1 October 2025 published, in a folder of its own (so that its archive folder,
// `office.db.archive`, is its alone): what the specs of the period archive files seal.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type Db } from '../../src/main/core/db/open'
import { publishDemoOctober } from './demo-site'

export interface DemoOffice {
  file: string
  db: Db
  /** The October office list. */
  october: number
  /** The September reference lists (standard and rapid) it was computed from. */
  references: number[]
}

export async function demoOffice(dir: string): Promise<DemoOffice> {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'office.db')
  const db = openDatabase(file)
  const october = await publishDemoOctober(db)
  const references = db.prepare("SELECT id FROM rating_lists WHERE status = 'reference' ORDER BY id").pluck().all() as number[]
  return { file, db, october, references }
}
