// A tournament's review on a real database: checks run on import and on demand, idempotently; decisions carry over to a
// corrected file; approval is refused while errors are open; bulk decisions; licences re-run the checks; the audit trail.
import { findingTitle } from '../../../../src/shared/finding-titles'
import { storedFindingMessage } from '../../../../src/shared/finding-message'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { reportTrf, seedArbiter, seedList, type ReportPlayer, type ReportSpec } from '../../../helpers/report-trf'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbFile = tmp.file('office.db')
// the schema exists before the seeds write into it
openDatabase(dbFile).close()

const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 91001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 91002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 91003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 91004, rating: 1900, sex: 'F' },
  { name: 'Echo, Emil', fideId: 91005, rating: 1850 },
  { name: 'Foxtrot, Fred', fideId: 91006, rating: 1700 }
]
const OPEN: ReportSpec = {
  name: 'Open de Lyon',
  start: '2025-03-01',
  end: '2025-03-05',
  roundDates: ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05'],
  arbiters: [
    { role: 'chief', name: 'Lapierre, Louis', fideId: 92001, title: 'FA' },
    { role: 'deputy', name: 'Martin, Marc', fideId: 92002, title: 'NA' }
  ],
  players: PLAYERS
}

seedList(dbFile, '2025-02-01', PLAYERS)
seedArbiter(dbFile, 92001, 'Lapierre, Louis', null) // registered, no licence in force
seedArbiter(dbFile, 92002, 'Martin, Marc', { validFrom: '2020-01-01', validTo: null })

const services = createServices({ dbPath: dbFile, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
const db = services.ctx.db
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

async function call<T = never>(name: string, input: unknown): Promise<T> {
  const r = await services.dispatch(name, input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), { key: r.error.key })
  return r.value as T
}
async function refused(name: string, input: unknown): Promise<{ key: string; message: string }> {
  const r = await services.dispatch(name, input)
  if (r.ok) throw new Error(`${name} was expected to be refused`)
  return r.error
}
const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64')

type Finding = { id: number; code: string; level: string; source: string; active: boolean; decision: string | null; decisionReason: string | null; subject: { startRanks?: number[] } | null; edition: string | null; paragraph: string | null; message: string }
const checkFindings = async (id: number, all = false) => (await call<Finding[]>('tournaments:findings', { id, includeEarlierFiles: all })).filter((f) => f.source === 'check')
const status = (id: number) => (db.prepare('SELECT status FROM tournaments WHERE id = ?').get(id) as { status: string }).status
const auditOf = (id: number) => call<{ action: string; actor: string; reason: string | null; data: Record<string, unknown> }[]>('checks:audit', { id })

let id = 0

describe('checks on import', () => {
  beforeAll(async () => {
    await call('settings:set', { officer: 'A. Officer' })
  })

  it('runs the regulation checks in the import and moves the tournament to checked, audited', async () => {
    const [r] = await call<{ ok: true; tournamentId: number; findings: { error: number } }[]>('tournaments:import', { files: [{ fileName: 'open.trf', base64: b64(reportTrf(OPEN)) }], receivedDate: '2025-03-06' })
    id = r.tournamentId
    expect(status(id)).toBe('checked')
    const findings = await checkFindings(id)
    // the chief arbiter has no licence in force (2024 edition, from 2014 § 0.3: an error); the deputy is licensed
    expect(findings.map((f) => [f.code, f.level])).toEqual([['check.arbiters.unlicensed', 'error']])
    expect(findings[0].edition).toBe('fide-2024')
    expect(r.findings.error).toBe(1)
    // the arbiter's page names the problem in the office's words, its paragraph cited as FIDE's (not the stored '2014 § 0.3')
    const [ofArbiter] = await call<{ problems: (Parameters<typeof storedFindingMessage>[0] & { message: string })[] }[]>('checks:arbiterTournaments', { fideId: 92001 })
    const problem = ofArbiter!.problems[0]!
    expect(ofArbiter!.problems.map((p) => p.message)).toEqual([findings[0].message])
    expect(problem.message).toMatch(/\(FIDE Rating Regulations 2024, [^)]+\)$/)
    // and carries what the screen needs to write it again in the language it shows: the same sentence in English,
    // the French one after a switch to French, without asking the server again
    expect(storedFindingMessage(problem, 'en')).toBe(findings[0].message)
    expect(storedFindingMessage(problem, 'fr')).toMatch(/^L’arbitre .*\(Réglementation du classement de la FIDE 2024, [^)]+\)$/)
    const audit = await auditOf(id)
    expect(audit.map((a) => a.action)).toEqual(['tournament.import', 'tournament.status'])
    expect(audit[1]).toMatchObject({ actor: 'A. Officer', data: { from: 'imported', to: 'checked', trigger: 'import' } })
  })

  it('gives the same findings when run twice (same rows, nothing new)', async () => {
    const before = await checkFindings(id, true)
    const run = await call<{ inserted: number; retired: number; status: string }>('checks:run', { id })
    expect(run).toMatchObject({ inserted: 0, retired: 0, status: 'checked' })
    expect(await checkFindings(id, true)).toEqual(before)
  })

  it('refuses approval while an error is open, and says which', async () => {
    const e = await refused('checks:approve', { id, reason: 'all fine' })
    expect(e.key).toBe('checks.openErrors')
    // named by its title, never its code
    expect(e.message).toContain('(Arbiter without a licence')
    expect(e.message).not.toContain('check.arbiters.unlicensed')
    expect(status(id)).toBe('checked')
  })

  it('approves with the override of every open error, each recorded with the reason', async () => {
    const out = await call<{ status: string; overridden: number }>('checks:approve', { id, reason: 'licence renewed, federation letter of 2025-03-10', overrideErrors: true })
    expect(out).toEqual({ id, status: 'approved', overridden: 1 })
    const [f] = await checkFindings(id)
    expect(f).toMatchObject({ decision: 'overridden', decisionReason: 'licence renewed, federation letter of 2025-03-10' })
    const audit = await auditOf(id)
    expect(audit.slice(-2).map((a) => [a.action, a.reason])).toEqual([
      ['finding.overridden', 'licence renewed, federation letter of 2025-03-10'],
      ['tournament.status', 'licence renewed, federation letter of 2025-03-10']
    ])
    expect(audit.at(-1)!.data).toMatchObject({ from: 'checked', to: 'approved' })
    expect((await refused('checks:approve', { id, reason: 'again' })).key).toBe('checks.alreadyInState')
  })

  it('a corrected file after approval sends it back to checked with the diff, and the decision carries over', async () => {
    const corrected = { ...OPEN, timeControl: '90 min/40 moves + 30 min + 30 s per move' }
    // the corrected file is held until the officer confirms it replaces the approved tournament (issue 35)
    const [held] = await call<{ ok: false; outcome: string }[]>('tournaments:import', { files: [{ fileName: 'open-v2.trf', base64: b64(reportTrf(corrected)) }] })
    expect(held).toMatchObject({ ok: false, outcome: 'held' })
    expect(status(id)).toBe('approved')
    const [r] = await call<{ ok: true; outcome: string; version: number }[]>('tournaments:import', { files: [{ fileName: 'open-v2.trf', base64: b64(reportTrf(corrected)), replaces: id }] })
    expect(r).toMatchObject({ outcome: 'replaced', version: 2 })
    expect(status(id)).toBe('checked')
    const all = await checkFindings(id, true)
    const current = all.filter((f) => f.active)
    expect(current).toHaveLength(1)
    expect(current[0]).toMatchObject({ code: 'check.arbiters.unlicensed', decision: 'overridden', decisionReason: 'licence renewed, federation letter of 2025-03-10' })
    expect(all.filter((f) => !f.active)).toHaveLength(1)
    const back = (await auditOf(id)).filter((a) => a.action === 'tournament.status').at(-1)!
    expect(back.data).toMatchObject({ from: 'approved', to: 'checked', trigger: 'file', version: 2 })
    expect(String(back.data.diff)).toMatch(/header/)
    // the override carried over: approval goes through without errors open
    expect(await call('checks:approve', { id, reason: 'corrected time control, same event' })).toMatchObject({ status: 'approved', overridden: 0 })
  })

  it('un-deciding an error on an approved tournament sends it back to checked', async () => {
    const [f] = await checkFindings(id)
    await call('tournaments:decideFinding', { findingId: f.id, decision: 'accepted', reason: 'on reflection the licence was not in force' })
    expect(status(id)).toBe('checked')
    const e = await refused('checks:approve', { id, reason: 'try' })
    expect(e.key).toBe('checks.openErrors')
  })

  it('adding the licence re-runs the checks of the arbiter’s tournaments: the finding goes', async () => {
    await call('arbiters:save', { fideId: 92001, title: 'FA', licenceCategory: 'C', validFrom: '2024-01-01', validTo: null, status: 'active', reason: 'licence paid' })
    expect(await checkFindings(id)).toEqual([])
    const last = (await auditOf(id)).filter((a) => a.action === 'tournament.check').at(-1)!
    expect(last.data).toMatchObject({ trigger: 'arbiter', retired: 1 })
    expect(await call('checks:approve', { id, reason: 'licence in force' })).toMatchObject({ status: 'approved', overridden: 0 })
    const tournaments = await call<{ id: number; problems: unknown[] }[]>('checks:arbiterTournaments', { fideId: 92001 })
    expect(tournaments).toEqual([expect.objectContaining({ id, role: 'chief', status: 'approved', problems: [] })])
  })

  it('rejects with a reason; a rejected tournament can be approved later', async () => {
    expect(await call('checks:reject', { id, reason: 'organiser withdrew the report' })).toEqual({ id, status: 'rejected' })
    expect(await call('checks:approve', { id, reason: 'report sent again, same file' })).toMatchObject({ status: 'approved' })
    // held back for a later list: back to checked, with the reason in the audit log
    expect(await call('checks:reopen', { id, reason: 'held back for the December list' })).toEqual({ id, status: 'checked' })
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'tournament.status', reason: 'held back for the December list', data: { from: 'approved', to: 'checked' } })
    expect((await refused('checks:reopen', { id, reason: 'again' })).key).toBe('checks.alreadyInState')
    await call('checks:approve', { id, reason: 'in the December list after all' })
  })

  it('refuses an unknown tournament or finding with a clear message', async () => {
    expect(await refused('checks:run', { id: 9999 })).toMatchObject({ key: 'tournaments.notFound', message: 'No tournament 9999.' })
    expect((await refused('checks:approve', { id: 9999, reason: 'xyz' })).key).toBe('tournaments.notFound')
    expect((await refused('tournaments:decideFinding', { findingId: 999999, decision: 'accepted', reason: 'xyz' })).key).toBe('tournaments.findingNotFound')
    expect((await refused('checks:approve', { id, reason: '' })).key).toBe('contract.invalidInput')
  })
})

describe('received date and historical imports', () => {
  const late: ReportSpec = { ...OPEN, name: 'Winter Open', arbiters: [{ role: 'chief', name: 'Martin, Marc', fideId: 92002 }] }

  it('counts deadlines from the received date the officer gives', async () => {
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'late.trf', base64: b64(reportTrf(late)) }], receivedDate: '2025-05-20' })
    const codes = (await checkFindings(r.tournamentId)).map((f) => f.code).sort()
    expect(codes).toEqual(['check.deadline.report', 'check.deadline.upload'])
    const facts = await call<{ receivedDate: string; historical: boolean; editionInForce: string }>('checks:facts', { id: r.tournamentId })
    expect(facts).toMatchObject({ receivedDate: '2025-05-20', historical: false, editionInForce: 'fide-2024' })
    // marked historical afterwards: the deadline findings go, and the change is audited with its reason
    const run = await call<{ retired: number }>('checks:setFacts', { id: r.tournamentId, historical: true, reason: 'archive of the 2025 season' })
    expect(run.retired).toBe(2)
    expect(await checkFindings(r.tournamentId)).toEqual([])
    const facts2 = (await auditOf(r.tournamentId)).find((a) => a.action === 'tournament.facts')!
    expect(facts2).toMatchObject({ reason: 'archive of the 2025 season', data: { before: { historical: false }, after: { historical: true } } })
  })

  it('an import marked historical raises no deadline finding', async () => {
    const old = { ...late, name: 'Open 2025 archive', city: 'Brest' }
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'old.trf', base64: b64(reportTrf(old)) }], receivedDate: '2025-09-01', historical: true })
    expect(await checkFindings(r.tournamentId)).toEqual([])
  })
})

describe('bulk decisions', () => {
  it('decides every undecided finding of one rule in a tournament with one reason, each in the audit log', async () => {
    const newcomers: ReportPlayer[] = PLAYERS.map((p, i) => ({ ...p, name: `Newcomer, N${i}`, fideId: 95000 + i, rating: null }))
    const spec: ReportSpec = { ...OPEN, name: 'Club championship', city: 'Nantes', players: newcomers, arbiters: [{ role: 'chief', name: 'Martin, Marc', fideId: 92002 }] }
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'club.trf', base64: b64(reportTrf(spec)) }], receivedDate: '2025-03-06' })
    const all = await call<Finding[]>('tournaments:findings', { id: r.tournamentId })
    const code = all.find((f) => f.source === 'match')!.code
    const ofRule = all.filter((f) => f.code === code)
    expect(ofRule.length).toBe(6)
    // one decided by hand first: the bulk leaves it as it is
    await call('tournaments:decideFinding', { findingId: ofRule[0].id, decision: 'rejected', reason: 'a known player, linked later' })
    const out = await call<{ decided: number }>('checks:decideRule', { tournamentId: r.tournamentId, code, decision: 'accepted', reason: 'first season: every newcomer is a new player' })
    expect(out).toMatchObject({ decided: 5, code })
    const after = (await call<Finding[]>('tournaments:findings', { id: r.tournamentId })).filter((f) => f.code === code)
    expect(after.map((f) => f.decision)).toEqual(['rejected', 'accepted', 'accepted', 'accepted', 'accepted', 'accepted'])
    const audit = (await auditOf(r.tournamentId)).filter((a) => a.action === 'finding.accepted')
    expect(audit).toHaveLength(5)
    expect(audit.every((a) => a.reason === 'first season: every newcomer is a new player' && (a.data.bulk as { count: number }).count === 5)).toBe(true)
    const again = await refused('checks:decideRule', { tournamentId: r.tournamentId, code, decision: 'accepted', reason: 'again' })
    expect(again.key).toBe('checks.noFindingOfRule')
    // the rule by its title, never its code
    expect(again.message).toBe(`Tournament ${r.tournamentId} has no finding “${findingTitle(code, 'en')}” left to decide.`)
  })
})

describe('the dashboard', () => {
  it('pages, filters and sorts the tournaments with their counts and the list they go into', async () => {
    const all = await call<{ total: number; rows: { name: string; status: string; errors: number; listDate: string | null }[] }>('checks:dashboard', { sort: 'name', order: 'asc' })
    expect(all.total).toBe(4)
    expect(all.rows.map((r) => r.name)).toEqual(['Club championship', 'Open 2025 archive', 'Open de Lyon', 'Winter Open'])
    // ended 5 March 2025, received the 6th: the April list (closing 3 days before its date)
    expect(all.rows.find((r) => r.name === 'Open de Lyon')!.listDate).toBe('2025-04-01')
    expect(all.rows.find((r) => r.name === 'Winter Open')!.listDate).toBe('2025-06-01')
    const approved = await call<{ total: number }>('checks:dashboard', { status: 'approved' })
    expect(approved.total).toBe(1)
    const page = await call<{ total: number; rows: unknown[] }>('checks:dashboard', { limit: 2, offset: 2, sort: 'name', order: 'asc' })
    expect(page.total).toBe(4)
    expect(page.rows).toHaveLength(2)
    const month = await call<{ total: number }>('checks:dashboard', { month: '2025-03' })
    expect(month.total).toBe(4)
    expect((await call<{ total: number }>('checks:dashboard', { month: '2025-04' })).total).toBe(0)
    const filters = await call<{ rules: { code: string }[]; federations: string[]; months: string[] }>('checks:filters', {})
    expect(filters.federations).toEqual(['FRA'])
    expect(filters.months).toEqual(['2025-03'])
    const search = await call<{ rows: { name: string }[] }>('checks:dashboard', { search: 'de lyon' })
    expect(search.rows.map((r) => r.name)).toEqual(['Open de Lyon'])
  })
})

describe('the registration deadline', () => {
  it('checks the registration date the officer records: 3 days before the start when no player is above 2700', async () => {
    // 2024 amendments (December 2023): registered 30 days before the start with a player above 2700 or a woman
    // above 2500, otherwise 3 days; Anna (2150) is the strongest woman, nobody is above 2700
    const spec = { ...OPEN, name: 'Open du registre', city: 'Nancy' }
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'registered.trf', base64: b64(reportTrf(spec)) }], receivedDate: '2025-03-06' })
    const registration = async () => (await checkFindings(r.tournamentId)).filter((f) => f.code === 'check.deadline.registration')
    expect(await registration()).toEqual([])
    // registered the day before the start: two days late
    await call('checks:setFacts', { id: r.tournamentId, registeredDate: '2025-02-28', reason: 'registration form dated 28 February' })
    expect(await registration()).toMatchObject([{ level: 'warning', active: true }])
    expect(await call('checks:facts', { id: r.tournamentId })).toMatchObject({ registeredDate: '2025-02-28' })
    // three days before: in time
    const run = await call<{ retired: number }>('checks:setFacts', { id: r.tournamentId, registeredDate: '2025-02-26', reason: 'the form was received on the 26th' })
    expect(run.retired).toBe(1)
    expect(await registration()).toEqual([])
    expect(await refused('checks:setFacts', { id: r.tournamentId, registeredDate: '26/02/2025', reason: 'typo' })).toMatchObject({ key: 'contract.invalidInput' })
  })
})

describe('games excluded by a finding are not rated (FIDE 2022, time control per game)', () => {
  // 2022 § 1.1 (regulations.md § 1, time control): a game with a player rated 2400 or more needs 120 minutes for 60
  // moves; 60 min + 30 s a move gives 90 — enough for 1800 (90′), not for him. Only his games are taken out.
  const STRONG: ReportPlayer[] = [
    { name: 'Grand, Gustave', fideId: 97001, rating: 2400 },
    { name: 'Hotel, Hugo', fideId: 97002, rating: 2100 },
    { name: 'India, Ines', fideId: 97003, rating: 1950, sex: 'F' },
    { name: 'Juliet, Jules', fideId: 97004, rating: 1850 },
    { name: 'Kilo, Karl', fideId: 97005, rating: 1750 },
    { name: 'Lima, Lea', fideId: 97006, rating: 1650, sex: 'F' }
  ]
  const spec: ReportSpec = {
    name: 'Open de Tours',
    city: 'Tours',
    start: '2023-03-04',
    end: '2023-03-08',
    roundDates: ['2023-03-04', '2023-03-05', '2023-03-06', '2023-03-07', '2023-03-08'],
    timeControl: '60 min + 30 sec per move',
    arbiters: [{ role: 'chief', name: 'Martin, Marc', fideId: 92002 }],
    players: STRONG
  }
  type Rated = { players: { startRank: number; n: number; w: number; k: number | null; kChg: number | null; games: { round: number; opponent: number | null; counted: boolean; chg: number | null; reason: { code: string } | null }[] }[]; excludedGames: number }
  let tid = 0

  it('takes out exactly the 2400 player’s games, and the others’ ratings show it; an override gives them back', async () => {
    seedList(dbFile, '2023-02-01', STRONG)
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'tours.trf', base64: b64(reportTrf(spec)) }], receivedDate: '2023-03-09' })
    tid = r.tournamentId
    const findings = (await checkFindings(tid)).filter((f) => f.code === 'check.timeControl.gameBelowMinimum')
    // five rounds, he plays every one: five games, one finding each, on the 2022 edition
    expect(findings).toHaveLength(5)
    expect(findings.every((f) => f.edition === 'fide-2022' && f.level === 'warning')).toBe(true)
    expect(findings.every((f) => (f as unknown as { excludesGames: boolean }).excludesGames)).toBe(true)

    const without = await call<Rated>('tournaments:rate', { id: tid })
    expect(without.excludedGames).toBe(10) // both sides of five games
    const his = without.players.find((p) => p.startRank === 1)!
    expect(his.n).toBe(0)
    expect(his.games.every((g) => !g.counted && g.reason?.code === 'excludedByFinding')).toBe(true)
    // every other player met him once: four counted games of five, the one against him marked with the finding
    for (const p of without.players.filter((x) => x.startRank !== 1)) {
      expect(p.n).toBe(4)
      const vsHim = p.games.find((g) => g.opponent === 1)!
      expect(vsHim).toMatchObject({ counted: false, reason: { code: 'excludedByFinding' } })
    }

    await call('checks:decideRule', { tournamentId: tid, code: 'check.timeControl.gameBelowMinimum', decision: 'overridden', reason: 'federation derogation for the event' })
    const withGames = await call<Rated>('tournaments:rate', { id: tid })
    expect(withGames.excludedGames).toBe(0)
    expect(withGames.players.map((p) => p.n)).toEqual([5, 5, 5, 5, 5, 5])
    // the others' change differs by exactly what their game against him gives (K × ΔR of that game)
    for (const p of withGames.players.filter((x) => x.startRank !== 1)) {
      const before = without.players.find((x) => x.startRank === p.startRank)!
      const vsHim = p.games.find((g) => g.opponent === 1)!
      expect(vsHim.counted).toBe(true)
      expect(p.k).toBe(before.k)
      expect(vsHim.chg).not.toBe(0)
      expect(p.kChg).not.toBeCloseTo(before.kChg!, 6)
      // Hotel (2100) is within 400 of him: his other games keep their figures, the whole difference is that game's
      // (the others' largest difference, capped once per tournament in 2022, moves with the game set)
      if (p.startRank === 2) expect(p.kChg! - before.kChg!).toBeCloseTo(p.k! * vsHim.chg!, 6)
    }
  })
})
