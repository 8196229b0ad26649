// Migration 27: the database says it is Rating Office's in its header (SQLite's application id, bytes 68–71), so
// that a restore can tell an office database from an empty file or another application's database.
import type { Migration } from '../migrate'

/** "ROff" in ASCII: Rating Office's SQLite application id (a 32-bit signed integer in the file's header). */
export const RATING_OFFICE_APPLICATION_ID = 0x524f6666

export const migration027: Migration = {
  version: 27,
  name: 'application-id',
  up(db) {
    db.pragma(`application_id = ${RATING_OFFICE_APPLICATION_ID}`)
  }
}
