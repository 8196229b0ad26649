// Schema guard: the schema that the migrations build is pinned in a snapshot, so any change to it is deliberate
// (a new migration updates the snapshot with `npx vitest run test/main/core/db -u` in the same commit).
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'

describe('database schema', () => {
  it('is exactly what the migrations are known to build', async () => {
    const db = openDatabase(':memory:')
    const rows = db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name")
      .all() as { type: string; name: string; sql: string }[]
    db.close()
    const text = rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql.replace(/[ \t]+$/gm, '')};`).join('\n\n') + '\n'
    await expect(text).toMatchFileSnapshot('./__snapshots__/schema.sql')
  })
})
