// appendAudit: one row per call, the officer of the settings as actor unless the call names someone, data as JSON.
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { appendAudit, auditOf } from '../../../../src/main/core/data/audit'
import { defaultSettings, officerName, systemUserName, writeSettings } from '../../../../src/main/core/data/settings'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
let n = 0
let db: Db
beforeEach(() => {
  db?.close()
  db = openDatabase(tmp.file(`audit-${++n}.db`))
})

describe('appendAudit', () => {
  it('records the officer named in the settings, the entity, the reason and the data', () => {
    writeSettings(db, { officer: '  Marie Curie ' })
    const id = appendAudit(db, { action: 'tournament.status', entity: 'tournament', entityId: 7, reason: 'checked by hand', data: { from: 'imported', to: 'checked' } })
    const rows = auditOf(db, 'tournament', 7)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id, actor: 'Marie Curie', action: 'tournament.status', entity: 'tournament', entityId: '7', reason: 'checked by hand', data: { from: 'imported', to: 'checked' } })
    expect(rows[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('records the name the call gives (the decision dialog) over the settings', () => {
    writeSettings(db, { officer: 'Marie Curie' })
    appendAudit(db, { action: 'finding.overridden', entity: 'tournament_finding', entityId: 3, reason: 'confirmed', actor: 'A. Arbiter' })
    expect(auditOf(db, 'tournament_finding', 3)[0]).toMatchObject({ actor: 'A. Arbiter', data: null })
  })

  it("without a name in the settings, records the system's user name (the settings' default)", () => {
    expect(defaultSettings.officer).toBe(systemUserName())
    appendAudit(db, { action: 'duplicates.scan', entity: 'player', data: { pairsScored: 0 } })
    writeSettings(db, { officer: '' })
    appendAudit(db, { action: 'duplicates.scan', entity: 'player', data: { pairsScored: 1 } })
    const actors = db.prepare("SELECT actor FROM audit_log WHERE action = 'duplicates.scan' ORDER BY id").pluck().all()
    expect(actors).toEqual([officerName(db), officerName(db)])
    expect(officerName(db)).toBe(systemUserName() || 'officer')
  })

  it('stores no entity id and no data as NULL, and the log stays append-only', () => {
    const id = appendAudit(db, { action: 'duplicates.scan', entity: 'player' })
    expect(db.prepare('SELECT entity_id, reason, data FROM audit_log WHERE id = ?').get(id)).toEqual({ entity_id: null, reason: null, data: null })
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/)
  })
})
