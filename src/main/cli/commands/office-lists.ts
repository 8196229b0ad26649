// The office's own lists on the command line: calendar, generate (a worker job with progress), preview, sheet, publish, correct.
import type { Command } from 'commander'
import { writeFileSync } from 'node:fs'
import { CliError, withServices } from '../host'
import type { CorrectionPreview, SheetView } from '../../../shared/contract/office-lists'
import type { ReplayResult } from '../../../shared/contract/list-history'
import { changeCountsText } from '../../core/lists/change-kinds'
import { CHANGE_KINDS, RATING_TYPES } from '../../../shared/contract/plain'


function positiveInt(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new CliError(`${what} expects a positive whole number, got “${value}”`, 2)
  return Number(value)
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new CliError(`${what} expects ${allowed.join(', ')}, got “${value}”`, 2)
  return value as T
}

/** Said with a list that rated no tournament (a quiet period): it is still due, and why it differs from its base. */
const QUIET = 'no tournament in this period: the list carries the base list with its rules applied'

/** Why `lists generate` took the date it did, when no --date was given. */
const NEXT_REASON: Record<'approved' | 'afterPublished' | 'afterReference' | 'today', (n: number) => string> = {
  approved: (n) => `the earliest list due with approved tournaments (${n} go into it)`,
  afterPublished: () => 'the list after the last published one',
  afterReference: () => 'the list after the latest imported list',
  today: () => 'the first list date from today'
}

const signed = (n: number | null): string => (n === null ? '' : n > 0 ? `+${n}` : String(n))

function correctionText(p: CorrectionPreview): string {
  const lines = [
    `correction of list ${p.listId}: ${p.changes.length} entr${p.changes.length === 1 ? 'y changes' : 'ies change'}`,
    ...p.addedTournaments.map((t) => `  tournament ${t.id} ${t.name ?? ''} found late: rated in the recomputation`),
    ...p.changedTournaments.map((t) => `  tournament ${t.id} ${t.name ?? ''}: its file changed since it was rated`),
    ...p.lists.map((l) => `  list ${l.listId} of ${l.listDate}: ${l.changed} changed`),
    ...p.changes.map((c) => `    ${c.listDate}  ${String(c.fideId ?? '').padStart(10)}  ${c.name.padEnd(30).slice(0, 30)}  ${c.before ?? '-'} → ${c.after ?? '-'}  (${signed(c.before !== null && c.after !== null ? c.after - c.before : null)})`)
  ]
  return lines.join('\n')
}

function replayText(r: ReplayResult): string {
  const out = r.lists.map((l) => `${l.ratingType.padEnd(8)} ${l.listDate} v${l.version}  list ${l.listId}  ${l.outcome}${l.storedIntact ? '' : ' (stored entries altered)'}  ${l.checksum ?? ''}`)
  const d = r.firstDifference
  if (!d) return [...out, `every published list reproduced (${r.lists.length})`].join('\n')
  out.push(`list ${d.listId} (${d.ratingType} ${d.listDate} v${d.version}) is not reproduced: ${d.differing} entr${d.differing === 1 ? 'y differs' : 'ies differ'}`)
  for (const c of d.causes) out.push(`  why: ${c.text}`)
  for (const e of d.entries) {
    const f = (x: typeof e.published, k: string): string => (x ? String((x as Record<string, unknown>)[k] ?? '-') : 'absent')
    out.push(`  ${String(e.fideId ?? '').padStart(10)}  ${e.name.padEnd(30).slice(0, 30)}  ${e.fields.map((k) => `${k} ${f(e.published, k)} published, ${f(e.replayed, k)} replayed`).join('; ')}`)
  }
  return out.join('\n')
}

export function registerOfficeLists(lists: Command): void {
  registerListsCalendar(lists)
  registerListsGenerate(lists)
  registerListsPreview(lists)
  registerListsSheet(lists)
  registerListsPublish(lists)
  registerListsReplay(lists)
  registerListsCorrect(lists)
}

/** `lists calendar`: a year's list dates, so the officer knows what `lists generate --date` takes. */
function registerListsCalendar(lists: Command): void {
  lists
    .command('calendar')
    .description('the list dates of a year with their closing dates and the edition in force on each')
    .requiredOption('--year <year>', 'the year')
    .option('--type <type>', 'standard, rapid or blitz', 'standard')
    .option('--profile <id>', "a federation's profile instead of FIDE's editions")
    .action(async (opts: { year: string; type: string; profile?: string }, cmd: Command) => {
      const input = { year: positiveInt(opts.year, '--year'), ratingType: oneOf(opts.type, RATING_TYPES, '--type'), ...(opts.profile ? { profile: opts.profile } : {}) }
      await withServices(cmd, async (cli) => {
        const rows = await cli.call('lists:calendar', input)
        cli.print(rows, () => rows.map((r) => `${r.listDate}  closing ${r.closingDate}  ${r.edition}`).join('\n'))
      })
    })
}

/** `lists generate`: the draft list of a date, written in the worker with progress; without --date the date the form offers. */
function registerListsGenerate(lists: Command): void {
  lists
    .command('generate')
    .description('generate (or replace) the draft office list of a date from the approved tournaments of its period')
    .option('--date <date>', 'the list date, YYYY-MM-DD (see `lists calendar`); default: the earliest list due with approved tournaments, else the list after the last published')
    .option('--type <type>', 'standard, rapid or blitz', 'standard')
    .option('--profile <id>', "a federation's profile instead of FIDE's edition in force")
    .action(async (opts: { date?: string; type: string; profile?: string }, cmd: Command) => {
      if (opts.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) throw new CliError(`--date expects YYYY-MM-DD, got “${opts.date}”`, 2)
      const ratingType = oneOf(opts.type, RATING_TYPES, '--type')
      const profile = opts.profile ? { profile: opts.profile } : {}
      await withServices(cmd, async (cli) => {
        // without --date, the date the generate form offers (one rule: services/tournament-list.ts)
        const next = opts.date === undefined ? await cli.call('lists:nextDate', { ratingType, ...profile }) : null
        const input = { listDate: opts.date ?? next!.listDate, ratingType, ...profile }
        const r = await cli.runJob('lists:generate', input)
        cli.print(next ? { ...r, dateChosen: next } : r, () =>
          [
            ...(next ? [`list date ${next.listDate}: ${NEXT_REASON[next.reason](next.tournaments)}`] : []),
            `draft list ${r.listId}: ${r.type} list of ${r.listDate} (closing ${r.closingDate}, ${r.edition}, from list ${r.baseListId})`,
            `  ${r.players} players, ${r.rated} rated, ${r.newlyRated} newly rated, ${r.delisted} delisted, ${r.inactive} inactive`,
            `  checksum ${r.checksum}`,
            ...(r.tournaments.length ? [] : [`  ${QUIET}`]),
            ...r.tournaments.map((t) => `  tournament ${t.tournamentId} ${t.name ?? ''}: ${t.games} games, ${t.players} players${t.late ? ', late' : ''}${t.final ? '' : `, rounds ${t.firstRound}–${t.lastRound} only`}`)
          ].join('\n')
        )
      })
    })
}

/** `lists preview`: a list's counts and changes against its base, said stale when its inputs moved. */
function registerListsPreview(lists: Command): void {
  lists
    .command('preview')
    .description('an office list against the list it was computed from: counts, then the changes with their tournaments')
    .argument('<listId>', 'the list id')
    .option('--kind <kind>', CHANGE_KINDS.join(', '))
    .option('--limit <n>', 'rows to show (at most 500)', '50')
    .action(async (listId: string, opts: { kind?: string; limit: string }, cmd: Command) => {
      const input = { listId: positiveInt(listId, 'listId'), limit: positiveInt(opts.limit, '--limit'), ...(opts.kind ? { kind: oneOf(opts.kind, CHANGE_KINDS, '--kind') } : {}) }
      await withServices(cmd, async (cli) => {
        const p = await cli.call('lists:preview', input)
        // a draft older than its inputs cannot be published: said with the preview (checked in the worker)
        const { stale } = await cli.call('lists:stale', { listId: input.listId })
        cli.print({ ...p, stale }, () =>
          [
            `list ${p.list.id}: ${p.list.ratingType} list of ${p.list.listDate} (${p.list.status}${stale ? ', older than its inputs: generate it again' : ''}), ${p.tournamentCount} tournaments`,
            ...(p.tournamentCount === 0 && p.meta ? [`  ${QUIET}`] : []),
            `  ${changeCountsText(p.counts)}`,
            ...p.rows.map(
              (r) =>
                `  ${r.kind.padEnd(11)} ${String(r.fideId ?? '').padStart(10)}  ${r.name.padEnd(30).slice(0, 30)}  ${r.before ?? '-'} → ${r.after ?? '-'} ${signed(r.change)}${r.marks.length ? ` (${r.marks.join(', ')})` : ''}  ${r.tournaments.map((t) => t.name ?? `#${t.id}`).join('; ')}`
            )
          ].join('\n')
        )
      })
    })
}

/** `lists sheet`: one player's calculation sheet as text, or written as a PDF for the player who asks. */
function registerListsSheet(lists: Command): void {
  lists
    .command('sheet')
    .description("one player's calculation sheet on an office list")
    .argument('<listId>', 'the list id')
    .option('--fide-id <id>', 'the player by FIDE ID')
    .option('--player <id>', 'the player by office id')
    .option('--pdf <file>', 'write the sheet as a PDF to this file (for the player who asks why his rating is what it is)')
    .option('--lang <lang>', 'the PDF in en or fr (default: the office’s language)')
    .action(async (listId: string, opts: { fideId?: string; player?: string; pdf?: string; lang?: string }, cmd: Command) => {
      if ((opts.fideId === undefined) === (opts.player === undefined)) throw new CliError('give either --fide-id or --player (exactly one)', 2)
      if (opts.lang !== undefined && opts.lang !== 'en' && opts.lang !== 'fr') throw new CliError(`--lang is en or fr, got “${opts.lang}”`, 2)
      if (opts.lang !== undefined && opts.pdf === undefined) throw new CliError('--lang goes with --pdf', 2)
      const input = { listId: positiveInt(listId, 'listId'), ...(opts.fideId !== undefined ? { fideId: positiveInt(opts.fideId, '--fide-id') } : { playerId: positiveInt(opts.player!, '--player') }) }
      await withServices(cmd, async (cli) => {
        if (opts.pdf === undefined) {
          const s = await cli.call('lists:sheet', input)
          cli.print(s, () => sheetText(s))
          return
        }
        const pdf = await cli.call('lists:sheetPdf', { ...input, ...(opts.lang ? { locale: opts.lang as 'en' | 'fr' } : {}) })
        const bytes = Buffer.from(pdf.base64, 'base64')
        try {
          writeFileSync(opts.pdf, bytes)
        } catch (e) {
          throw new CliError(`cannot write ${opts.pdf}: ${(e as Error).message}`)
        }
        cli.print({ listId: input.listId, out: opts.pdf, bytes: bytes.byteLength, pages: pdf.pages }, () => `calculation sheet written to ${opts.pdf} (${pdf.pages} page(s), ${bytes.byteLength} bytes)`)
      })
    })
}

/** `lists publish`: a draft frozen for ever, with the federation that publishes it. */
function registerListsPublish(lists: Command): void {
  lists
    .command('publish')
    .description('publish a draft office list: frozen for ever, its tournaments become rated')
    .argument('<listId>', 'the draft list id')
    .option('--reason <text>', 'a note kept in the audit log')
    .option('--federation-name <name>', 'the federation that publishes (printed on the list and its files), saved to the settings; needed when the settings name none')
    .option('--federation-code <code>', 'its three-letter code (FRA, SUI, GER…), given with --federation-name')
    .action(async (listId: string, opts: { reason?: string; federationName?: string; federationCode?: string }, cmd: Command) => {
      if ((opts.federationName === undefined) !== (opts.federationCode === undefined)) throw new CliError('give --federation-name and --federation-code together (the federation that publishes the list)', 2)
      const input = {
        listId: positiveInt(listId, 'listId'),
        ...(opts.reason ? { reason: opts.reason } : {}),
        ...(opts.federationName !== undefined && opts.federationCode !== undefined ? { federation: { name: opts.federationName, code: opts.federationCode } } : {})
      }
      await withServices(cmd, async (cli) => {
        const r = await cli.runJob('lists:publish', input)
        cli.print(r, () => `list ${r.listId} published at ${r.publishedAt} by ${r.publisher.name} (${r.publisher.code}): ${r.entries} entries, ${r.tournaments} tournaments rated, checksum ${r.checksum}`)
      })
    })
}

/** `lists replay`: every published list regenerated and checked against its frozen checksum (exit 1 on a difference). */
function registerListsReplay(lists: Command): void {
  lists
    .command('replay')
    .description('regenerate every published office list in order from the stored tournaments and check each against its frozen checksum (exit 1 when one differs)')
    .option('--type <type>', 'standard, rapid or blitz (default: every type)')
    .action(async (opts: { type?: string }, cmd: Command) => {
      const input = opts.type ? { ratingType: oneOf(opts.type, RATING_TYPES, '--type') } : {}
      await withServices(cmd, async (cli) => {
        const r = await cli.runJob('lists:replay', input)
        cli.print(r, () => replayText(r))
        const d = r.firstDifference
        if (d) throw new CliError(`the ${d.ratingType} list of ${d.listDate} (list ${d.listId}, version ${d.version}) is not reproduced by the replay`)
      })
    })
}

/** `lists correct`: what a correction of a published list would change, or the correction applied. */
function registerListsCorrect(lists: Command): void {
  lists
    .command('correct')
    .description('correct a published list: without --apply, shows which players of which lists would change; with it, applies')
    .argument('<listId>', 'the published list id')
    .option('--apply <mode>', 'next-list (FIDE practice: into the next list) or new-version (a new version with a changelog)')
    .option('--reason <text>', 'why (required with --apply)')
    .action(async (listId: string, opts: { apply?: string; reason?: string }, cmd: Command) => {
      const id = positiveInt(listId, 'listId')
      await withServices(cmd, async (cli) => {
        if (!opts.apply) {
          const p = await cli.runJob('lists:correctPreview', { listId: id })
          cli.print(p, () => correctionText(p))
          return
        }
        const mode = oneOf(opts.apply, ['next-list', 'new-version'] as const, '--apply')
        if (!opts.reason) throw new CliError('--apply needs --reason', 2)
        const r = await cli.runJob('lists:correct', { listId: id, mode, reason: opts.reason })
        cli.print(r, () => (mode === 'new-version' ? `${r.changed} entries changed; new versions: ${r.newListIds.join(', ') || 'none'}` : `${r.changed} corrections carried into the next list`))
      })
    })
}


function sheetText(s: SheetView): string {
  const head = `${s.player.name}${s.player.fideId ? ` (FIDE ${s.player.fideId})` : ''} on list ${s.listId}: ${s.entry ? `${s.entry.rating ?? 'unrated'}, ${s.entry.games ?? 0} games, K ${s.entry.k ?? '-'}${s.entry.flags ? `, ${s.entry.flags}` : ''}` : 'not on the list'}`
  if (!s.sheet) return `${head}\n  ${s.entry ? 'carried over unchanged from the base list (no games, no change)' : 'no sheet: nothing of this list’s period concerns him'}`
  const sh = s.sheet
  const out = [head, `  base: ${sh.base.rating ?? 'unrated'}, K ${sh.base.k ?? '-'}`]
  if (sh.unlisted) out.push(`  ${sh.unlisted.text}`)
  const names = new Map(s.references.players.map((p) => [p.id, `${p.name}${p.fideId ? ` (${p.fideId})` : ''}`]))
  const dates = new Map(s.references.lists.map((l) => [l.id, l.listDate]))
  for (const t of sh.tournaments) {
    out.push(`  ${t.name} (${t.start}${t.late ? ', late' : ''}): ${t.rating !== null ? `rated ${t.rating}, n ${t.n}, W ${t.w}, We ${t.we ?? '-'}, K ${t.k ?? '-'}, K×ΔR ${t.kChg ?? '-'}` : `unrated: n ${t.n}, W ${t.w}${t.event ? `, Ra ${t.event.ra}, Ru ${t.event.ru ?? '-'}` : ''}`}`)
    for (const g of t.games) {
      const who = g.opponentId !== null ? `${names.get(g.opponentId) ?? `player ${g.opponentId}`}  ` : ''
      const from = g.opponentListId !== null && dates.has(g.opponentListId) ? ` (list of ${dates.get(g.opponentListId)})` : ''
      out.push(`    r${g.round}  ${who}${String(g.opponentRating ?? '-').padStart(4)}${from}  ${g.score}  ${g.counted ? `D ${g.d ?? '-'}${g.capped ? '*' : ''} PD ${g.pd ?? '-'}` : `not counted: ${g.notCounted ?? ''}`}`)
    }
  }
  if (sh.compression) out.push(`  compression: ${sh.compression.before} → ${sh.compression.after} (${sh.compression.ref})`)
  if (sh.firstRating) out.push(`  first rating: Ra ${sh.firstRating.ra}, p ${sh.firstRating.p}, dp ${sh.firstRating.dp} → ${sh.firstRating.ru} over ${sh.firstRating.games} games (${sh.firstRating.published ? 'published' : 'not published'}: ${sh.firstRating.reason})`)
  if (sh.change !== null) out.push(`  change ${sh.changeExact ?? ''} → ${signed(sh.change)}; new rating ${sh.rating ?? '-'}; K next ${sh.kNext.k ?? '-'}`)
  for (const c of s.caps) out.push(`  * D capped: a difference of more than ${c.points} points counts as ${c.points} (${c.citation.en})`)
  for (const n of sh.notes) out.push(`  note: ${n.text} (${n.ref})`)
  return out.join('\n')
}
