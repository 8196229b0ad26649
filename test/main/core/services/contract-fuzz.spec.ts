// Bad input to every call of the contract: fast-check draws garbage (any JSON, wrong types, the call's own keys
// with hostile values, unknown keys) for each call in turn. The answer is always a reply: a typed validation error
// (located, nothing written, no job started) or, for an input the schema accepts, the call's value or a user error;
// never an internal error. FUZZ_RUNS raises the count (docs/reliability.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { mkdirSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { contract, callNames, type CallName } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'

const RUNS = Number(process.env.FUZZ_RUNS ?? 25)
const tmp = tempDir()
let services: Services

beforeAll(() => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'fuzz', worker: sourceWorkerScript(), checkOutput: true })
})
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

/** The input's own top-level keys, so that drawn objects reach past "unrecognized key" into each field's checks. */
function keysOf(name: CallName): string[] {
  const json = z.toJSONSchema(contract[name].input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; anyOf?: { properties?: Record<string, unknown> }[]; oneOf?: { properties?: Record<string, unknown> }[] }
  const props = [json.properties, ...(json.anyOf ?? []).map((b) => b.properties), ...(json.oneOf ?? []).map((b) => b.properties)]
  return [...new Set(props.flatMap((p) => Object.keys(p ?? {})))]
}

/** Values that are almost right: the edges of ids, dates, enums, sizes, and the hostile strings of any form. */
const nearly = fc.oneof(
  fc.constantFrom(0, 1, -1, 2 ** 31, 1.5, Number.MAX_SAFE_INTEGER, '', ' ', '1', 'standard', 'rapid', 'fr', 'open', 'draft', 'published', '2025-11-01', '2025-02-30', '9999-99-99', 'FRA', 'fra', '../../etc/passwd', '/etc/passwd', 'C:\\Windows', "'; DROP TABLE players; --", '\u0000', 'x'.repeat(10_000), true, false, null, [], {}),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 })
)

function garbageFor(name: CallName): fc.Arbitrary<unknown> {
  const keys = keysOf(name)
  const own = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), nearly, { maxKeys: keys.length })
    : fc.constant({})
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(undefined, null, 0, '', [], 'system:info'),
    own,
    // an unknown key beside the call's own: every input is strict
    own.map((o) => ({ ...(o as object), __proto_pollution__: { polluted: true }, extraKey: 1 }))
  )
}

const changes = (): number => services.ctx.db.prepare('SELECT total_changes()').pluck().get() as number

describe('every contract call under garbage input', () => {
  it(`answers ${callNames.length} calls × ${RUNS} drawn inputs with a reply, never an internal error; refusals write nothing`, async () => {
    const tally = { validation: 0, user: 0, ok: 0 }
    for (const name of callNames) {
      await fc.assert(
        fc.asyncProperty(garbageFor(name), async (input) => {
          const before = changes()
          const jobs = services.ctx.jobs.runningCount()
          const reply = await services.dispatch(name, input)
          if (reply.ok) {
            tally.ok++
            return
          }
          expect(reply.error.code, `${name} ${JSON.stringify(input)?.slice(0, 300)}: ${reply.error.message}`).not.toBe('internal')
          if (reply.error.code === 'validation') {
            tally.validation++
            expect(reply.error.key).toBe('contract.invalidInput')
            // located: the message names the field (or the input as a whole)
            expect(reply.error.message).toMatch(/: \S/)
            expect(changes(), name).toBe(before)
            expect(services.ctx.jobs.runningCount(), name).toBe(jobs)
          } else tally.user++
        }),
        { numRuns: RUNS, seed: 20261126 }
      )
    }
    // refusals dominate; some drawn inputs do pass (empty inputs of calls taking none, optional fields)
    expect(tally.validation).toBeGreaterThan(tally.ok + tally.user)
    expect(tally.validation + tally.user + tally.ok).toBe(callNames.length * RUNS)
    // the prototype of plain objects is untouched by any input
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    mkdirSync('test-results', { recursive: true })
    writeFileSync('test-results/contract-fuzz.json', JSON.stringify({ calls: callNames.length, runs: RUNS, seed: 20261126, ...tally }, null, 2))
    // inputs the schema accepts run their calls, some as worker jobs: minutes for a few thousand on a loaded machine
  }, 120_000 + RUNS * 4_000)
})
