// Migration 26: an office list records the federation that publishes it: its name and code, taken from the
// settings in the publishing write and frozen with the list, so that a later change of the settings renames no list.
import type { Migration } from '../migrate'

/** The settings' value of `key` as text (settings hold one JSON value per key), NULL when absent or empty. */
const setting = (key: string): string => `(SELECT nullif(trim(json_extract(value, '$')), '') FROM settings WHERE key = '${key}' AND json_valid(value))`

export const migration026: Migration = {
  version: 26,
  name: 'list-publisher',
  up(db) {
    db.exec(`
      -- NULL on a draft (it shows the settings' federation until it is published) and on a list published before
      -- this migration while the settings named no federation.
      ALTER TABLE office_list_meta ADD COLUMN federation_name TEXT;
      ALTER TABLE office_list_meta ADD COLUMN federation_code TEXT;

      -- The lists published already were printed (PDF) with the settings' federation name: they keep the federation
      -- of the settings as they are at the upgrade, recorded now, through a lift of the freeze of their parameters
      -- that touches these two columns only (the trigger is put back as migration 8 wrote it).
      DROP TRIGGER office_list_meta_frozen_update;
      UPDATE office_list_meta SET federation_name = ${setting('federationName')}, federation_code = ${setting('federation')}
        WHERE (SELECT status FROM rating_lists WHERE id = office_list_meta.list_id) = 'published';
      CREATE TRIGGER office_list_meta_frozen_update BEFORE UPDATE ON office_list_meta
        WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) IN ('published','reference')
        BEGIN SELECT RAISE(ABORT, 'a published list is immutable'); END;
    `)
  }
}
