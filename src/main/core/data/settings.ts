// Office settings stored in the database (one JSON value per key), with defaults for a new office.
import { userInfo } from 'node:os'
import { settingsSchema, type Logo, type Settings } from '../../../shared/contract/system'
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'

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
  federationName: '',
  officer: systemUserName(),
  birthPrivacy: 'year',
  backupDir: ''
}

export function readSettings(db: Db): Settings {
  const rows = prepared(db, 'SELECT key, value FROM settings').all() as { key: string; value: string }[]
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
  const upsert = prepared(db, 'INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
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

/** The settings key of the federation logo: a PNG or JPEG data URL (what the PDF export prints). */
const LOGO_KEY = 'federationLogo'
const LOGO_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=]+)$/

/** The stored logo with its bytes, or null (none, or a value that is not a PNG or JPEG data URL). */
export function readFederationLogo(db: Db): (Logo & { data: Buffer }) | null {
  const v = preparedPluck(db, 'SELECT value FROM settings WHERE key = ?').get(LOGO_KEY) as string | undefined
  let url: unknown = null
  try {
    url = v === undefined ? null : JSON.parse(v)
  } catch {
    return null
  }
  const m = typeof url === 'string' ? LOGO_URL.exec(url) : null
  if (!m) return null
  const data = Buffer.from(m[2]!, 'base64')
  return { mediaType: m[1] as Logo['mediaType'], bytes: data.length, dataUrl: url as string, data }
}

/** Stores a checked logo (or removes it with null). */
export function writeFederationLogo(db: Db, logo: { mediaType: Logo['mediaType']; data: Buffer } | null): void {
  if (logo === null) prepared(db, 'DELETE FROM settings WHERE key = ?').run(LOGO_KEY)
  else
    prepared(db, 'INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
      LOGO_KEY,
      JSON.stringify(`data:${logo.mediaType};base64,${logo.data.toString('base64')}`)
    )
}

/** The federation's name and logo for printed lists (absent or unreadable: null). */
export function readListBranding(db: Db): { federationName: string | null; logo: Uint8Array | null } {
  const name = readSettings(db).federationName.trim()
  return { federationName: name || null, logo: readFederationLogo(db)?.data ?? null }
}
