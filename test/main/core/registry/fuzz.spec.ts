// Bad input to the list imports: byte mutations of the real fixture lists (FIDE TXT and XML, national CSV) never
// crash, never leave a partial write, and a refusal is a located message (file and line).
import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { importNationalList, readNationalTable, suggestMapping } from '../../../../src/main/core/registry/national'
import { isUserError } from '../../../../src/main/core/util/errors'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../fixtures/ratinglists/${name}`, import.meta.url)))
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

/** A mutation of a file's bytes: overwrite, insert or delete a few bytes, or cut the file short. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() })
)
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never

function mutate(src: Buffer, ms: readonly Mutation[]): Buffer {
  let b = Buffer.from(src)
  for (const m of ms) {
    const at = b.length ? m.at % b.length : 0
    if (m.kind === 'set') b = Buffer.concat([b.subarray(0, at), Buffer.from(m.bytes), b.subarray(at + m.bytes.length)])
    else if (m.kind === 'insert') b = Buffer.concat([b.subarray(0, at), Buffer.from(m.bytes), b.subarray(at)])
    else if (m.kind === 'delete') b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.count)])
    else b = b.subarray(0, at)
  }
  return b
}

function counts(db: Db): string {
  return ['players', 'rating_lists', 'rating_list_entries', 'audit_log'].map((t) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n).join('/')
}

let n = 0
/** Runs one import of mutated bytes; checks the outcome. Returns what happened, for the tally. */
async function attempt(name: string, bytes: Buffer, run: (db: Db, file: string) => unknown | Promise<unknown>): Promise<'imported' | 'refused'> {
  const file = tmp.file(`${n++}-${name}`)
  writeFileSync(file, bytes)
  const db = openDatabase(tmp.file(`${n}.db`))
  try {
    const before = counts(db)
    try {
      await run(db, file)
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      return 'imported'
    } catch (e) {
      // a refusal, never a crash: a user error naming the file, and nothing written
      if (!isUserError(e)) throw new Error(`crash on a mutation of ${name}: ${(e as Error).stack}`)
      expect(e.message).toContain(name)
      // located: a line (and column) in the file; or, for the whole file, the header column the mapping names or its emptiness
      expect(e.message, e.message).toMatch(/line \d+|the column “|holds no player/)
      expect(counts(db)).toBe(before)
      return 'refused'
    }
  } finally {
    db.close()
  }
}

describe('list imports under byte mutations', () => {
  for (const name of ['players_list_foa.txt', 'standard_rating_list.txt', 'sanichi_icu_ratings_app__spec__files__players_list.xml']) {
    it(`${name}: imported or refused with a located message, never a crash or a partial write`, async () => {
      const src = fixture(name)
      const tally = { imported: 0, refused: 0 }
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
          tally[await attempt(name, mutate(src, ms), (db, file) => importFideList(db, { file, listDate: '2025-11-01' }))]++
        }),
        { numRuns: RUNS, seed: 20261126 }
      )
      expect(tally.imported + tally.refused).toBe(RUNS)
    })
  }

  it('national_list.csv: imported or refused with a located message, never a crash or a partial write', async () => {
    const src = fixture('national_list.csv')
    const mapping = suggestMapping((await readNationalTable(fileURLToPath(new URL('../../../fixtures/ratinglists/national_list.csv', import.meta.url)))).columns)
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
        await attempt('national_list.csv', mutate(src, ms), (db, file) => importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping }))
      }),
      { numRuns: RUNS, seed: 20261126 }
    )
  })
})
