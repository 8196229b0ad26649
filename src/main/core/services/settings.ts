// Office settings stored in the database, with defaults for a new office.
import { settingsSchema, type Settings } from '../../../shared/contract/system'
import type { Db } from '../db/open'

export const defaultSettings: Settings = {
  locale: 'en',
  theme: 'system',
  federation: '',
  officer: '',
  birthPrivacy: 'year',
  backupDir: ''
}

export function readSettings(db: Db): Settings {
  const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[]
  const stored: Record<string, unknown> = {}
  for (const r of rows) {
    try {
      stored[r.key] = JSON.parse(r.value)
    } catch {
      // a value written by hand that is not JSON is ignored: the default stands
    }
  }
  const merged = { ...defaultSettings, ...stored }
  const parsed = settingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : defaultSettings
}

export function writeSettings(db: Db, patch: Partial<Settings>): Settings {
  const upsert = db.prepare('INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
  db.transaction(() => {
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) upsert.run(k, JSON.stringify(v))
  })()
  return readSettings(db)
}
