// Renderer stores over a fake preload bridge: job events, cancellation, and list pages that answer out of order.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { stubBrowser } from './setup-browser'
import type { JobEvent } from '../../src/shared/contract/index'
import type * as JobsModule from '../../src/renderer/src/features/jobs/store'
import type * as ListsModule from '../../src/renderer/src/features/lists/store'
import type * as ChecksModule from '../../src/renderer/src/features/checks/store'
import type * as TournamentsModule from '../../src/renderer/src/features/tournaments/store'
import type * as OfficeModule from '../../src/renderer/src/features/lists/office-store'

type Pending = { name: string; input: Record<string, unknown>; resolve: (reply: unknown) => void }
const calls: Pending[] = []
const jobListeners = new Set<(e: JobEvent) => void>()
const fakeApi = {
  call: (name: string, input: Record<string, unknown>) => new Promise((resolve) => calls.push({ name, input, resolve })),
  onJobEvent: (l: (e: JobEvent) => void) => {
    jobListeners.add(l)
    return () => jobListeners.delete(l)
  }
}
const emit = (e: JobEvent): void => jobListeners.forEach((l) => l(e))

let jobs: typeof JobsModule
let lists: typeof ListsModule
let checks: typeof ChecksModule
let tournaments: typeof TournamentsModule

beforeAll(async () => {
  stubBrowser()
  ;(globalThis.window as unknown as { api: unknown }).api = fakeApi
  jobs = await import('../../src/renderer/src/features/jobs/store')
  lists = await import('../../src/renderer/src/features/lists/store')
  checks = await import('../../src/renderer/src/features/checks/store')
  tournaments = await import('../../src/renderer/src/features/tournaments/store')
})
beforeEach(() => {
  setActivePinia(createPinia())
  calls.length = 0
  jobListeners.clear()
})

const listSummary = (id: number, entries: number) => ({
  id, kind: 'reference', listDate: '2025-01-01', ratingType: 'standard', source: 'FIDE', edition: null, status: 'reference',
  version: 1, supersedesId: null, checksum: null, fileName: null, createdAt: '2025-01-01T00:00:00Z', publishedAt: null, entries
})
const row = (playerId: number, rating: number) => ({
  playerId, fideId: playerId, surname: `P${playerId}`, givenNames: '', name: `P${playerId}`, federation: null, title: null, sex: null,
  birthYear: null, rating, games: null, k: null, flags: null
})

describe('jobs store', () => {
  it('follows a job from progress to its end, tells listeners once, and never reopens a finished job', () => {
    const store = jobs.useJobsStore()
    const ended: string[] = []
    store.onFinished((e) => ended.push(`${e.jobId}:${e.state}`))
    store.listen()
    emit({ jobId: 'a', kind: 'registry:importList', state: 'running', done: 10, total: 400 })
    expect(store.running.map((j) => [j.jobId, j.done, j.total])).toEqual([['a', 10, 400]])
    emit({ jobId: 'a', kind: 'registry:importList', state: 'done', done: 400, total: 400 })
    // a late progress event (SSE may deliver out of order) must not bring the job back
    emit({ jobId: 'a', kind: 'registry:importList', state: 'running', done: 399, total: 400 })
    expect(store.jobs.a.state).toBe('done')
    expect(store.running).toEqual([])
    expect(ended).toEqual(['a:done'])
  })

  it('starts a declared job through the typed jobs:start call and hands finished results typed by kind', async () => {
    const store = jobs.useJobsStore()
    const records: number[] = []
    store.onFinished((e) => {
      if (e.kind === 'registry:importList' && e.state === 'done') records.push(e.result?.records ?? -1)
    })
    const pending = store.start({ kind: 'registry:scanDuplicates', input: { minScore: 0.9 } })
    expect(calls.map((c) => [c.name, c.input])).toEqual([['jobs:start', { kind: 'registry:scanDuplicates', input: { minScore: 0.9 } }]])
    calls[0].resolve({ ok: true, value: { jobId: 'j1' } })
    expect(await pending).toBe('j1')
    emit({ jobId: 'j2', kind: 'registry:scanDuplicates', state: 'done', done: 1, total: 1, result: { players: 3, blocks: 1, pairsScored: 3, candidatesAdded: 1 } })
    emit({
      jobId: 'j3', kind: 'registry:importList', state: 'done', done: 1, total: 1,
      result: { format: 'xml', encoding: 'utf-8', checksum: 'x', lists: [], records: 42, players: { inserted: 42, updated: 0, unchanged: 0 }, arbitersAdded: 0, warnings: [], warningCount: 0, duplicates: { count: 0, lines: [] } }
    })
    expect(records).toEqual([42])
    // a refused start (an undeclared kind never type-checks; main refuses it too) reaches the caller as an ApiFailure
    const refused = store.start({ kind: 'system:health', input: {} })
    calls[1].resolve({ ok: false, error: { code: 'validation', key: 'contract.invalidInput', params: { name: 'jobs:start', issues: 'kind: invalid' }, message: 'Invalid input for jobs:start: kind: invalid' } })
    await expect(refused).rejects.toMatchObject({ name: 'ApiFailure', error: { key: 'contract.invalidInput' } })
  })

  it('starts a job only once the host says its events flow (browser mode: the stream open)', async () => {
    const store = jobs.useJobsStore()
    let open!: () => void
    const api = fakeApi as typeof fakeApi & { eventsReady?: () => Promise<void> }
    api.eventsReady = () => new Promise<void>((resolve) => (open = resolve))
    try {
      const pending = store.start({ kind: 'registry:scanDuplicates', input: { minScore: 0.9 } })
      await Promise.resolve()
      expect(calls).toEqual([])
      open()
      await expect.poll(() => calls.length).toBe(1)
      calls[0].resolve({ ok: true, value: { jobId: 'j9' } })
      expect(await pending).toBe('j9')
    } finally {
      delete api.eventsReady
    }
  })

  it('asks the host to cancel and reports a refusal with its message', async () => {
    const store = jobs.useJobsStore()
    const pending = store.cancel('zz')
    expect(calls.map((c) => [c.name, c.input])).toEqual([['jobs:cancel', { jobId: 'zz' }]])
    expect(store.cancelling.zz).toBe(true)
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'jobs.notFound', params: { jobId: 'zz' }, message: 'No job zz.' } })
    expect(await pending).toBe('No job zz.')
    expect(store.cancelling.zz).toBe(false)
  })
})

describe('lists store', () => {
  it('keeps only the answer to the latest request when searches answer out of order', async () => {
    const store = lists.useListsStore()
    const first = store.loadEntries(7, { search: 'kar' })
    const second = store.loadEntries(7, { search: 'karpov' })
    expect(calls.map((c) => c.input.search)).toEqual(['kar', 'karpov'])
    calls[1].resolve({ ok: true, value: { list: listSummary(7, 2), total: 1, rows: [row(2, 2700)] } })
    await second
    calls[0].resolve({ ok: true, value: { list: listSummary(7, 2), total: 2, rows: [row(1, 2800), row(2, 2700)] } })
    await first
    expect(store.total).toBe(1)
    expect(store.rows.map((r) => r.playerId)).toEqual([2])
    expect(store.loadingEntries).toBe(false)
  })

  it('keeps a broad search’s capped count (the page says “at least”) and forgets it on the next answer', async () => {
    const store = lists.useListsStore()
    const broad = store.loadEntries(7, { search: 'ku' })
    calls[0].resolve({ ok: true, value: { list: listSummary(7, 5000), total: 1000, capped: true, rows: [row(1, 2800)] } })
    await broad
    expect([store.total, store.capped]).toEqual([1000, true])
    const narrow = store.loadEntries(7, { search: 'kumar giv' })
    calls[1].resolve({ ok: true, value: { list: listSummary(7, 5000), total: 12, capped: false, rows: [row(1, 2800)] } })
    await narrow
    expect([store.total, store.capped]).toEqual([12, false])
  })

  it('starts a new list on its first page with the default sort', async () => {
    const store = lists.useListsStore()
    const a = store.loadEntries(1, { offset: 100, sort: 'name', order: 'asc' })
    calls[0].resolve({ ok: true, value: { list: listSummary(1, 500), total: 500, rows: [] } })
    await a
    const b = store.loadEntries(2)
    expect(calls[1].input).toMatchObject({ listId: 2, offset: 0, sort: 'rating', order: 'desc', limit: 50 })
    calls[1].resolve({ ok: true, value: { list: listSummary(2, 3), total: 3, rows: [] } })
    await b
    expect(store.current?.id).toBe(2)
  })

  it('shows a refusal as the translated message', async () => {
    const store = lists.useListsStore()
    const p = store.loadEntries(99)
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'lists.notFound', params: { listId: 99 }, message: 'There is no rating list 99.' } })
    await p
    expect(store.entriesError).toBe('There is no rating list 99.')
  })
})

const finding = (id: number, decision: string | null = null, code = 'trf.check.points', level = 'error') => ({
  id, tournamentId: 5, fileId: 1, source: 'trf', level, code, edition: null, group: 'points', startRank: 3,
  fileName: 'open.trf', line: 12, column: 81, endColumn: 84, found: '4.5', expected: '3.5', params: {}, message: 'Line 12: …', active: true,
  decision, decisionReason: decision ? 'why' : null, decidedBy: decision ? 'officer' : null, decidedAt: decision ? '2025-01-01T00:00:00Z' : null,
  subject: null, paragraph: null, excludesGames: false
})
const dashRow = (id: number) => ({ id, name: `T${id}`, city: null, federation: 'FRA', startDate: '2025-03-01', endDate: '2025-03-05', ratingType: 'standard', status: 'checked', players: 6, rounds: 5, errors: 1, warnings: 0, open: 1, historical: false, listDate: '2025-04-01' })
const facts = { id: 5, status: 'checked', receivedDate: '2025-03-06', historical: false, flags: {}, timeControlOverride: null, edition: null, editionInForce: 'fide-2024', listDate: '2025-04-01', blockingErrors: 1, toDecide: 2 }
const answerReview = async (from: number, list: unknown[]) => {
  // the review reads findings, facts and audit together
  await vi.waitFor(() => expect(calls.length).toBe(from + 3))
  expect(calls.slice(from).map((c) => c.name)).toEqual(['tournaments:findings', 'checks:facts', 'checks:audit'])
  calls[from].resolve({ ok: true, value: list })
  calls[from + 1].resolve({ ok: true, value: facts })
  calls[from + 2].resolve({ ok: true, value: [] })
}

describe('checks store', () => {
  it('asks the server for one page with the filters and sort, from page 1 again when a filter changes', async () => {
    const store = checks.useChecksStore()
    const first = store.setPage(3, 25)
    expect(calls[0]).toMatchObject({ name: 'checks:dashboard', input: { sort: 'endDate', order: 'desc', limit: 25, offset: 50 } })
    calls[0].resolve({ ok: true, value: { total: 80, rows: [dashRow(1)] } })
    await first
    const filtered = store.setFilters({ status: 'checked', code: 'check.arbiters.unlicensed', search: undefined })
    expect(calls[1].input).toEqual({ status: 'checked', code: 'check.arbiters.unlicensed', sort: 'endDate', order: 'desc', limit: 25, offset: 0 })
    calls[1].resolve({ ok: true, value: { total: 1, rows: [dashRow(2)] } })
    await filtered
    expect([store.page, store.total, store.rows.map((r) => r.id)]).toEqual([1, 1, [2]])
  })

  it('keeps the newest page when an older answer comes late (typing in the search box)', async () => {
    const store = checks.useChecksStore()
    const older = store.setFilters({ search: 'ly' })
    const newer = store.setFilters({ search: 'lyon' })
    calls[1].resolve({ ok: true, value: { total: 1, rows: [dashRow(9)] } })
    await newer
    calls[0].resolve({ ok: true, value: { total: 3, rows: [dashRow(1), dashRow(2), dashRow(3)] } })
    await older
    expect(store.rows.map((r) => r.id)).toEqual([9])
    expect(store.loading).toBe(false)
  })

  it('groups a review’s findings by rule, errors first, and decides a whole rule with one reason', async () => {
    const store = checks.useChecksStore()
    const load = store.loadReview(5)
    await answerReview(0, [finding(1, null, 'check.deadline.report', 'warning'), finding(2, null, 'check.arbiters.unlicensed'), finding(3, 'accepted', 'check.deadline.report', 'warning'), finding(4, null, 'check.deadline.report', 'warning')])
    await load
    expect(store.groups.map((g) => [g.code, g.level, g.items.length, g.undecided])).toEqual([
      ['check.arbiters.unlicensed', 'error', 1, 1],
      ['check.deadline.report', 'warning', 3, 2]
    ])
    const bulk = store.decideRule(5, 'check.deadline.report', 'accepted', 'reports came by post')
    expect(calls[3]).toMatchObject({ name: 'checks:decideRule', input: { tournamentId: 5, code: 'check.deadline.report', decision: 'accepted', reason: 'reports came by post' } })
    calls[3].resolve({ ok: true, value: { tournamentId: 5, code: 'check.deadline.report', decided: 2, status: 'checked' } })
    await answerReview(4, [finding(2, null, 'check.arbiters.unlicensed')])
    expect(await bulk).toBeNull()
    expect(store.groups.map((g) => g.code)).toEqual(['check.arbiters.unlicensed'])
  })

  it('counts only warnings and errors as left to decide: informations ask no decision, so no bulk decision either', async () => {
    const store = checks.useChecksStore()
    const load = store.loadReview(5)
    await answerReview(0, [finding(1, null, 'check.ratedWith', 'info'), finding(2, null, 'check.ratedWith', 'info'), finding(3, null, 'check.deadline.report', 'warning'), finding(4, null, 'check.deadline.report', 'warning')])
    await load
    expect(store.groups.map((g) => [g.code, g.items.length, g.undecided])).toEqual([
      ['check.deadline.report', 2, 2],
      ['check.ratedWith', 2, 0]
    ])
  })

  it('shows nothing of the tournament reviewed before while another one’s review loads', async () => {
    const store = checks.useChecksStore()
    const first = store.loadReview(5)
    await answerReview(0, [finding(2, null, 'check.arbiters.unlicensed')])
    await first
    expect(store.facts).not.toBeNull()
    expect(store.groups).toHaveLength(1)
    // tournament 6 asked for: until its answers come, no finding, fact or audit line of 5 is shown as its own
    const second = store.loadReview(6)
    expect(store.facts).toBeNull()
    expect(store.groups).toEqual([])
    expect(store.audit).toEqual([])
    await answerReview(3, [finding(7, null, 'check.deadline.report', 'warning')])
    await second
    expect(store.groups.map((g) => g.code)).toEqual(['check.deadline.report'])
    // the same tournament read again keeps what it shows until the answer (a decision's re-read)
    const again = store.loadReview(6)
    expect(store.groups.map((g) => g.code)).toEqual(['check.deadline.report'])
    await answerReview(6, [finding(7, null, 'check.deadline.report', 'warning')])
    await again
  })

  it('shows a decision at once: the reply goes into the finding shown (the same object), then the review is read again in place', async () => {
    const store = checks.useChecksStore()
    const load = store.loadReview(5)
    await answerReview(0, [finding(2, null, 'check.arbiters.unlicensed'), finding(4, null, 'check.deadline.report', 'warning')])
    await load
    const shown = store.groups[0].items[0]
    const decided = store.decide(shown, 'overridden', 'licence renewed', 'B. Deputy')
    expect(calls[3]).toMatchObject({ name: 'tournaments:decideFinding', input: { findingId: 2, decision: 'overridden', reason: 'licence renewed', officer: 'B. Deputy' } })
    calls[3].resolve({ ok: true, value: { ...finding(2, 'overridden', 'check.arbiters.unlicensed'), decisionReason: 'licence renewed', decidedBy: 'B. Deputy' } })
    // before the review is read again, the object the screen drew already carries the decision
    await vi.waitFor(() => expect(shown.decision).toBe('overridden'))
    expect(shown.decidedBy).toBe('B. Deputy')
    await answerReview(4, [{ ...finding(2, 'overridden', 'check.arbiters.unlicensed'), decisionReason: 'licence renewed' }, finding(4, null, 'check.deadline.report', 'warning')])
    expect(await decided).toBeNull()
    // read again: the same objects, updated
    expect(store.findings[0]).toBe(shown)
    expect(store.groups.map((g) => [g.code, g.undecided])).toEqual([['check.arbiters.unlicensed', 0], ['check.deadline.report', 1]])
  })

  it('approves a selection in one call, the reason left to the server when none is typed, then reads the dashboard again', async () => {
    const store = checks.useChecksStore()
    store.selected = [2, 3, 4]
    const done = store.decideSelected('approved', '')
    expect(calls[0]).toMatchObject({ name: 'checks:decideTournaments', input: { ids: [2, 3, 4], decision: 'approved' } })
    expect(calls[0].input).not.toHaveProperty('reason')
    calls[0].resolve({ ok: true, value: { decision: 'approved', tournaments: [2, 3, 4].map((id) => ({ id, from: 'checked', status: 'approved' })) } })
    await vi.waitFor(() => expect(calls.map((c) => c.name).slice(1).sort()).toEqual(['checks:dashboard', 'checks:filters']))
    for (const c of calls.slice(1)) c.resolve({ ok: true, value: c.name === 'checks:dashboard' ? { total: 0, rows: [] } : { rules: [], federations: [], months: [] } })
    expect(await done).toEqual({ count: 3 })
    expect(store.selected).toEqual([])
  })

  it('approves one tournament without a reason when none is typed', async () => {
    const store = checks.useChecksStore()
    const approve = store.approve(5, '', false)
    expect(calls[0]).toMatchObject({ name: 'checks:approve', input: { id: 5, overrideErrors: false } })
    expect(calls[0].input).not.toHaveProperty('reason')
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'checks.reasonRequired', params: { id: 5, count: 1 }, message: 'Tournament 5: 1 finding(s) are still to decide, so the approval needs a reason (an approval with nothing to decide takes the standard one).' } })
    expect(await approve).toContain('needs a reason')
  })

  it('returns the server’s message when an approval is refused, and reads nothing again', async () => {
    const store = checks.useChecksStore()
    const approve = store.approve(5, 'looks fine', false)
    expect(calls[0]).toMatchObject({ name: 'checks:approve', input: { id: 5, reason: 'looks fine', overrideErrors: false } })
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'checks.openErrors', params: { id: 5, count: 1, codes: 'check.arbiters.unlicensed' }, message: 'Tournament 5 cannot be approved: 1 error(s) still open (check.arbiters.unlicensed).' } })
    expect(await approve).toContain('cannot be approved')
    expect(calls).toHaveLength(1)
  })
})

describe('tournaments store: the tournament shown', () => {
  it('shows nothing of the tournament opened before while another one loads', async () => {
    const store = tournaments.useTournamentsStore()
    const first = store.loadTournament(1)
    await vi.waitFor(() => expect(calls.length).toBe(2))
    calls[0].resolve({ ok: true, value: { id: 1, name: 'Rapid City Open' } })
    calls[1].resolve({ ok: true, value: [{ id: 9 }] })
    await first
    expect(store.detail?.id).toBe(1)
    const second = store.loadTournament(2)
    expect(store.detail).toBeNull()
    expect(store.findings).toEqual([])
    await vi.waitFor(() => expect(calls.length).toBe(4))
    calls[2].resolve({ ok: true, value: { id: 2, name: 'Closed Annecy' } })
    calls[3].resolve({ ok: true, value: [] })
    await second
    expect(store.detail?.id).toBe(2)
  })
})

describe('tournaments store: rating preview', () => {
  const preview = (tournamentId: number, kChg: number) => ({
    tournamentId, name: 'Swiss of Four', start: '2011-05-01', ratingType: 'standard', edition: 'fide-2010', editionFrom: 'startDate', system: 'swiss',
    treatedAsSwiss: false, list: { id: 1, listDate: '2011-03-01', kind: 'reference' }, excludedGames: 0, notes: [],
    players: [{ startRank: 1, fideId: '700001', name: 'Alder, Anna', rating: 2210, ratingFrom: 'list', ru: null, ra: null, sumOpponents: null, n: 2, w: 1.5, we: 1.69, k: 15, kChg, firstEventIgnored: false, games: [], notes: [] }]
  })

  it('asks tournaments:rate, keeps only the latest answer, and forgets the preview when a decision changes what counts', async () => {
    const store = tournaments.useTournamentsStore()
    const first = store.loadRating(7)
    const second = store.loadRating(7, 'fide-2005')
    expect(calls.map((c) => [c.name, c.input])).toEqual([['tournaments:rate', { id: 7 }], ['tournaments:rate', { id: 7, edition: 'fide-2005' }]])
    calls[1].resolve({ ok: true, value: preview(7, -2.85) })
    calls[0].resolve({ ok: true, value: preview(7, 99) }) // the older answer arrives last: ignored
    await Promise.all([first, second])
    expect(store.rating?.players[0]!.kChg).toBe(-2.85)
    expect(store.ratingLoading).toBe(false)
    const deciding = store.decide(3, 'overridden', 'played at the right time control')
    calls[2].resolve({ ok: true, value: { id: 3 } })
    await deciding
    expect(store.rating).toBeNull()
  })

  it('shows a refusal as the translated message', async () => {
    const store = tournaments.useTournamentsStore()
    const pending = store.loadRating(999)
    calls[0].resolve({ ok: false, error: { code: 'user', key: 'tournaments.notFound', params: { id: 999 }, message: 'No tournament 999.' } })
    await pending
    expect([store.rating, store.ratingError]).toEqual([null, 'No tournament 999.'])
  })
})

describe('tournaments store: the import runs as a worker job', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0))
  const item = (fileName: string, base64: string) => ({
    key: fileName, fileName, size: 1, base64, lines: [], state: 'ready' as const, result: null, error: null,
    preview: { importable: true, alreadyImported: null } as never
  })
  const summary = (fileName: string, tournamentId: number, errors: number) => ({
    ok: true as const, fileName, outcome: 'imported' as const, tournamentId, fileId: tournamentId, version: 1, sha256: 'x', name: fileName, startDate: null,
    players: 10, rounds: 5, games: 25, findings: { error: errors, warning: 0, info: 0 }, matched: { byFideId: 10, unknownId: 0, candidates: 0, unmatched: 0 }, diff: null
  })

  it('sends the ready files as one tournaments:import job, follows its progress per file and takes each file’s result', async () => {
    const store = tournaments.useTournamentsStore()
    store.queue = [item('a.trf', 'QQ=='), item('b.trf', 'Qg=='), item('c.trf', 'Qw==')]
    store.receivedDate = '2025-11-03'
    const done = store.importAll()
    await flush()
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ['jobs:start', { kind: 'tournaments:import', input: { files: [{ fileName: 'a.trf', base64: 'QQ==' }, { fileName: 'b.trf', base64: 'Qg==' }, { fileName: 'c.trf', base64: 'Qw==' }], receivedDate: '2025-11-03' } }]
    ])
    expect(store.queue.map((q) => q.state)).toEqual(['importing', 'importing', 'importing'])
    calls[0]!.resolve({ ok: true, value: { jobId: 'imp' } })
    await flush()
    expect(store.importJobId).toBe('imp')
    emit({ jobId: 'imp', kind: 'tournaments:import', state: 'running', done: 2, total: 3, message: 'b.trf' })
    await flush()
    expect(store.progress).toEqual({ done: 2, total: 3 })
    emit({
      jobId: 'imp', kind: 'tournaments:import', state: 'done', done: 3, total: 3,
      result: [summary('a.trf', 1, 0), { ok: false, fileName: 'b.trf', message: 'Line 4: not a TRF record.', findings: [] }, summary('c.trf', 2, 3)]
    })
    await flush()
    await flush()
    expect(store.queue.map((q) => [q.state, q.error])).toEqual([['done', null], ['failed', 'Line 4: not a TRF record.'], ['done', null]])
    expect(store.summary).toEqual({ imported: 2, refused: 1, attention: 1, held: 0, aside: 0 })
    // the table is read again once the job is over
    expect(calls.at(-1)!.name).toBe('tournaments:list')
    calls.at(-1)!.resolve({ ok: true, value: { total: 2, rows: [] } })
    await done
    expect(store.importing).toBe(false)
  })

  it('a cancel asks the host to stop the job; its files are ready again and nothing is counted', async () => {
    const store = tournaments.useTournamentsStore()
    store.queue = [item('a.trf', 'QQ==')]
    const done = store.importAll()
    await flush()
    calls[0]!.resolve({ ok: true, value: { jobId: 'imp2' } })
    await flush()
    const cancelling = store.cancelImport()
    expect(calls.at(-1)!.name).toBe('jobs:cancel')
    expect(calls.at(-1)!.input).toEqual({ jobId: 'imp2' })
    calls.at(-1)!.resolve({ ok: true, value: { cancelled: true } })
    await cancelling
    emit({ jobId: 'imp2', kind: 'tournaments:import', state: 'cancelled', done: 0, total: 1 })
    await flush()
    await flush()
    expect(store.queue.map((q) => q.state)).toEqual(['ready'])
    expect(store.summary).toEqual({ imported: 0, refused: 0, attention: 0, held: 0, aside: 0 })
    calls.at(-1)!.resolve({ ok: true, value: { total: 0, rows: [] } })
    await done
  })

  it('a held replacement waits for the officer: confirmed, the file replaces the tournament and version it was shown against (issue 35)', async () => {
    const store = tournaments.useTournamentsStore()
    store.queue = [item('v2.trf', 'QQ=='), item('v1b.trf', 'Qg==')]
    const side = (fileName: string, version: number, rounds: number) => ({ fileName, version, rounds, players: 10, games: 5 * rounds, receivedDate: null, lastRoundDate: null })
    const replacement = {
      tournamentId: 4, name: 'Open', startDate: '2025-10-01', status: 'checked', current: side('v1.trf', 1, 5), incoming: side('v2.trf', 2, 4),
      changes: { header: 0, playersAdded: 0, playersRemoved: 0, playerFields: 0, roundEntries: 10 },
      warnings: [{ code: 'fewerRounds' as const, params: { after: 4, before: 5 }, message: 'fewer rounds: 4 instead of 5' }], summary: 'rounds 5 → 4', diff: { summary: 'rounds 5 → 4', header: [{ field: 'declaredRounds', before: 5, after: 4 }], playersAdded: [], playersRemoved: [], players: [], rounds: [] }
    }
    const done = store.importAll()
    await flush()
    calls[0]!.resolve({ ok: true, value: { jobId: 'imp3' } })
    await flush()
    emit({
      jobId: 'imp3', kind: 'tournaments:import', state: 'done', done: 2, total: 2,
      result: [
        { ok: false, outcome: 'held', fileName: 'v2.trf', message: 'v2.trf would replace tournament 4', findings: [], replacement, supersededBy: null },
        { ok: false, outcome: 'superseded', fileName: 'v1b.trf', message: 'set aside', findings: [], replacement: null, supersededBy: 'v2.trf' }
      ]
    })
    await flush()
    await flush()
    expect(store.queue.map((q) => [q.state, q.error])).toEqual([['held', null], ['aside', null]])
    expect(store.summary).toEqual({ imported: 0, refused: 0, attention: 0, held: 1, aside: 1 })
    calls.at(-1)!.resolve({ ok: true, value: { total: 0, rows: [] } })
    await done
    const confirming = store.confirmReplacement('v2.trf')
    await flush()
    expect(calls.at(-1)!.input).toEqual({ kind: 'tournaments:import', input: { files: [{ fileName: 'v2.trf', base64: 'QQ==', replaces: 4, replacesVersion: 1 }] } })
    calls.at(-1)!.resolve({ ok: true, value: { jobId: 'imp4' } })
    await flush()
    emit({ jobId: 'imp4', kind: 'tournaments:import', state: 'done', done: 1, total: 1, result: [{ ...summary('v2.trf', 4, 0), outcome: 'replaced', version: 2, replacement }] })
    await flush()
    await flush()
    expect(store.queue.map((q) => q.state)).toEqual(['done', 'aside'])
    calls.at(-1)!.resolve({ ok: true, value: { total: 0, rows: [] } })
    await confirming
    store.clearDone()
    expect(store.queue).toEqual([])
  })
})

describe('office lists store: a list opened for review', () => {
  let office: typeof OfficeModule
  beforeAll(async () => {
    office = await import('../../src/renderer/src/features/lists/office-store')
  })
  const preview = (id: number, status: string) => ({
    list: { ...listSummary(id, 10), kind: 'office', status },
    meta: null,
    counts: { up: 1, down: 0, new: 0, delisted: 0, inactive: 0, reactivated: 0, unchanged: 9, unlisted: 0 },
    tournamentCount: 1,
    total: 10,
    rows: []
  })
  const named = (name: string): Pending[] => calls.filter((c) => c.name === name)
  const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

  it('asks whether a draft is stale once, when it opens, not a published list, nor at each page', async () => {
    const store = office.useOfficeListsStore()
    // a published list (the read-only archive serves its preview): its tournaments and its page, never lists:stale
    const published = store.loadPreview(4, {}, true)
    expect(calls.map((c) => c.name).sort()).toEqual(['lists:preview', 'lists:tournaments'])
    named('lists:tournaments')[0]!.resolve({ ok: true, value: { total: 1, rows: [] } })
    named('lists:preview')[0]!.resolve({ ok: true, value: preview(4, 'published') })
    await published
    await flush()
    expect(named('lists:stale')).toEqual([])
    expect(store.stale).toEqual({ listId: 4, stale: false })
    // a draft: asked once its preview says it is one, and unknown (Publish waits) until the worker answers
    const draft = store.loadPreview(5, {}, true)
    expect(store.stale).toBeNull()
    named('lists:preview')[1]!.resolve({ ok: true, value: preview(5, 'draft') })
    await draft
    await flush()
    expect(named('lists:stale').map((c) => c.input)).toEqual([{ listId: 5 }])
    expect(store.stale).toBeNull()
    named('lists:stale')[0]!.resolve({ ok: true, value: { stale: true } })
    await flush()
    expect(store.stale).toEqual({ listId: 5, stale: true })
    // the next page asks for the page only
    const next = store.loadPreview(5, { offset: 50 })
    expect(calls.at(-1)!.name).toBe('lists:preview')
    expect(calls.at(-1)!.input).toMatchObject({ listId: 5, offset: 50 })
    calls.at(-1)!.resolve({ ok: true, value: preview(5, 'draft') })
    await next
    await flush()
    expect(named('lists:stale')).toHaveLength(1)
    expect(named('lists:tournaments')).toHaveLength(2)
    expect(store.stale).toEqual({ listId: 5, stale: true })
  })
})
