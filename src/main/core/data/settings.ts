// Office settings stored in the database (one JSON value per key), with defaults for a new office.
import { userInfo } from 'node:os'
import { settingsSchema, type Settings } from '../../../shared/contract/system'
import type { Db } from '../db/open'

/** The operating system's name for the person at the computer, the officer until the settings name one. */
export function systemUserName(): string {
  try {
    return userInfo().username.trim().slice(0, 100)
  } catch {
    // no account name (a container without a passwd entry): the audit log still says who, generically
    return ''
  }
}

/** What the audit log records when neither the settings nor the system give a name. */
const NO_NAME = 'officer'

export const defaultSettings: Settings = {
  locale: 'en',
  theme: 'system',
  federation: '',
  officer: systemUserName(),
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

/**
 * The officer's name recorded with decisions and publications: the name a call gives (the decision dialog's
 * "Decided by"), else the name in the settings, else (emptied) the system's user name.
 */
export function officerName(db: Db, given?: string | null): string {
  return given?.trim() || readSettings(db).officer.trim() || systemUserName() || NO_NAME
}
