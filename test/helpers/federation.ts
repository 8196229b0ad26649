// The federation a test office publishes as (Settings' name and code): an office publishes no list before naming it.
import type { Db } from '../../src/main/core/db/open'
import { writeSettings } from '../../src/main/core/data/settings'

export const TEST_FEDERATION = { name: 'Fédération Française des Échecs', code: 'FRA' } as const

/** Names the office's federation in its settings, as an officer does once (Settings, or the first publication). */
export function nameFederation(db: Db, federation: { name: string; code: string } = TEST_FEDERATION): void {
  writeSettings(db, { federationName: federation.name, federation: federation.code })
}
