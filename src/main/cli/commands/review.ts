// A tournament's review from the command line: `tournaments check|approve|reject|reopen|decide|set-type|qc-approval|list|report`, through
// the same calls as the dashboard; a refused transition or an unknown id exits 1 with the reason.
import type { Command } from 'commander'
import { writeFileSync } from 'node:fs'
import type { CallOutput } from '../../../shared/contract/index'
import type { TournamentListRef } from '../../../shared/contract/tournaments'
import { RATING_TYPES } from '../../../shared/contract/plain'
import { CliError, withServices } from '../host'
import { findingTitle } from '../../../shared/finding-titles'
import { RATING_TYPE_SOURCE_WORDS } from '../../../shared/words'

const DECISIONS = { accept: 'accepted', reject: 'rejected', override: 'overridden' } as const
const STATES = ['imported', 'checked', 'approved', 'rejected', 'rated'] as const

function positiveId(text: string, what: string): number {
  if (!/^\d+$/.test(text) || Number(text) <= 0) throw new CliError(`expected ${what}, got “${text}”`, 2)
  return Number(text)
}

type Finding = CallOutput<'tournaments:findings'>[number]

function findingLine(f: Finding): string {
  const where = [f.subject?.startRanks?.length ? `players ${f.subject.startRanks.join(',')}` : '', f.subject?.rounds?.length ? `rounds ${f.subject.rounds.join(',')}` : '', f.line !== null ? `line ${f.line}` : '']
    .filter(Boolean)
    .join(' ')
  const decision = f.decision ? `  [${f.decision} by ${f.decidedBy ?? '?'}: ${f.decisionReason ?? ''}]` : ''
  // the rule by its title, its code after it (what `--json` and the dashboard's filter take)
  return `  #${f.id} ${f.level.padEnd(7)} ${findingTitle(f.code, 'en')} [${f.code}]${where ? ` (${where})` : ''}  ${f.message}${decision}`
}

/** A tournament's list as the table shows it: the list that rated it (with its version), the one it goes into, or none. */
function listText(list: TournamentListRef): string {
  if (!list) return '—'
  return list.state === 'rated' ? `${list.listDate} v${list.version} (rated)` : `${list.listDate} (to come)`
}

/** Adds the review commands to the `tournaments` command, in the order its help lists them. */
export function registerReview(tournaments: Command): void {
  registerTournamentsCheck(tournaments)
  registerTournamentsApprove(tournaments)
  registerTournamentsReject(tournaments)
  registerTournamentsReopen(tournaments)
  registerTournamentsSetType(tournaments)
  registerTournamentsQcApproval(tournaments)
  registerTournamentsDecide(tournaments)
  registerTournamentsList(tournaments)
  registerTournamentsReport(tournaments)
}

/** `tournaments check`: the regulation checks run again, the findings printed with the ids `decide` takes. */
function registerTournamentsCheck(tournaments: Command): void {
  tournaments
    .command('check')
    .description('run the regulation checks of a tournament again and print its findings with their codes')
    .argument('<id>', 'tournament id')
    .action(async (idText: string, _opts, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      await withServices(cmd, async (cli) => {
        const run = await cli.call('checks:run', { id })
        const findings = await cli.call('tournaments:findings', { id })
        cli.print({ ...run, findingsList: findings }, () =>
          [
            `tournament ${id}: ${run.status}, rules ${run.edition}; ${run.findings.error} error, ${run.findings.warning} warning, ${run.findings.info} info, ${run.findings.open} awaiting a decision (new ${run.inserted}, no longer raised ${run.retired}, decisions carried over ${run.carried})`,
            ...findings.map(findingLine)
          ].join('\n')
        )
      })
    })
}

/** `tournaments approve`: a checked tournament goes to rating, open errors overridden only when asked. */
function registerTournamentsApprove(tournaments: Command): void {
  tournaments
    .command('approve')
    .description('approve a checked tournament for rating (refused while errors are open, unless --override-errors)')
    .argument('<id>', 'tournament id')
    .requiredOption('--reason <text>', 'why (recorded in the audit log)')
    .option('--override-errors', 'override every open error with the same reason, each recorded')
    .action(async (idText: string, opts: { reason: string; overrideErrors?: boolean }, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      await withServices(cmd, async (cli) => {
        const out = await cli.call('checks:approve', { id, reason: opts.reason, overrideErrors: Boolean(opts.overrideErrors) })
        cli.print(out, () => `tournament ${id}: approved${out.overridden ? ` (${out.overridden} error(s) overridden)` : ''}`)
      })
    })
}

/** `tournaments reject`: a tournament set aside for good, with the reason audited. */
function registerTournamentsReject(tournaments: Command): void {
  tournaments
    .command('reject')
    .description('reject a tournament (it will not be rated)')
    .argument('<id>', 'tournament id')
    .requiredOption('--reason <text>', 'why (recorded in the audit log)')
    .action(async (idText: string, opts: { reason: string }, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      await withServices(cmd, async (cli) => {
        const out = await cli.call('checks:reject', { id, reason: opts.reason })
        cli.print(out, () => `tournament ${id}: rejected`)
      })
    })
}

/** `tournaments reopen`: an approved or rejected tournament back to checked, held for a later list. */
function registerTournamentsReopen(tournaments: Command): void {
  tournaments
    .command('reopen')
    .description('take an approved or rejected tournament back to checked (held back for a later list)')
    .argument('<id>', 'tournament id')
    .requiredOption('--reason <text>', 'why (recorded in the audit log)')
    .action(async (idText: string, opts: { reason: string }, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      await withServices(cmd, async (cli) => {
        const out = await cli.call('checks:reopen', { id, reason: opts.reason })
        cli.print(out, () => `tournament ${id}: checked`)
      })
    })
}

/** `tournaments set-type`: the officer's rating type over the one read from the time control. */
function registerTournamentsSetType(tournaments: Command): void {
  tournaments
    .command('set-type')
    .description('set the rating type of a tournament before approval (the time control decides at import; the officer has the last word)')
    .argument('<id>', 'tournament id')
    .requiredOption('--type <type>', RATING_TYPES.join(', '))
    .requiredOption('--reason <text>', 'why (recorded in the audit log)')
    .action(async (idText: string, opts: { type: string; reason: string }, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      const ratingType = RATING_TYPES.find((x) => x === opts.type)
      if (!ratingType) throw new CliError(`--type expects ${RATING_TYPES.join(', ')}, got “${opts.type}”`, 2)
      await withServices(cmd, async (cli) => {
        const before = await cli.call('checks:facts', { id })
        const run = await cli.call('checks:setRatingType', { id, ratingType, reason: opts.reason })
        cli.print({ ...run, ratingType, before: { ratingType: before.ratingType, source: before.ratingTypeSource } }, () =>
          [
            `tournament ${id}: ${before.ratingType ?? 'no rating type'}${before.ratingTypeSource ? ` (${RATING_TYPE_SOURCE_WORDS.en[before.ratingTypeSource]})` : ''} → ${ratingType} (the officer's decision)`,
            `  ${run.status}; ${run.findings.error} error, ${run.findings.warning} warning, ${run.findings.info} info, ${run.findings.open} awaiting a decision`
          ].join('\n')
        )
      })
    })
}

/** `tournaments qc-approval`: the Qualification Commission's approval recorded or taken off. */
function registerTournamentsQcApproval(tournaments: Command): void {
  tournaments
    .command('qc-approval')
    .description('record that FIDE’s Qualification Commission approved a 45′+30″ (or 60′+30″) event for the standard list (2026 season), or take the mark off')
    .argument('<id>', 'tournament id')
    .option('--reference <text>', 'the approval’s reference (letter, decision number)')
    .option('--remove', 'take the mark off')
    .requiredOption('--reason <text>', 'why (recorded in the audit log)')
    .action(async (idText: string, opts: { reference?: string; remove?: boolean; reason: string }, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      if (Boolean(opts.remove) === (opts.reference !== undefined)) throw new CliError('give either --reference <text> or --remove', 2)
      if (opts.reference !== undefined && !opts.reference.trim()) throw new CliError('--reference expects the approval’s reference, got an empty text', 2)
      await withServices(cmd, async (cli) => {
        const reference = opts.remove ? null : opts.reference!.trim()
        const run = await cli.call('checks:setQcApproval', { id, reference, reason: opts.reason })
        cli.print({ ...run, qcReference: reference }, () =>
          [
            reference ? `tournament ${id}: approved by the Qualification Commission (${reference})` : `tournament ${id}: Qualification Commission approval taken off`,
            `  ${run.status}; ${run.findings.error} error, ${run.findings.warning} warning, ${run.findings.info} info, ${run.findings.open} awaiting a decision`
          ].join('\n')
        )
      })
    })
}

/** `tournaments decide`: one finding accepted, rejected or overridden, with the reason audited. */
function registerTournamentsDecide(tournaments: Command): void {
  tournaments
    .command('decide')
    .description('decide one finding: accept (it stands), reject (it does not apply) or override (rate anyway)')
    .argument('<findingId>', 'finding id (as `tournaments check` prints it, after #)')
    .argument('<decision>', 'accept, reject or override')
    .requiredOption('--reason <text>', 'why (recorded in the audit log)')
    .action(async (findingText: string, decisionText: string, opts: { reason: string }, cmd: Command) => {
      const findingId = positiveId(findingText, 'a finding id')
      const decision = DECISIONS[decisionText as keyof typeof DECISIONS]
      if (!decision) throw new CliError(`the decision is accept, reject or override, got “${decisionText}”`, 2)
      await withServices(cmd, async (cli) => {
        const f = await cli.call('tournaments:decideFinding', { findingId, decision, reason: opts.reason })
        cli.print(f, () => `finding #${f.id} (${f.code}) of tournament ${f.tournamentId}: ${f.decision}`)
      })
    })
}

/** `tournaments list`: the dashboard's table, latest first, with each tournament's list. */
function registerTournamentsList(tournaments: Command): void {
  tournaments
    .command('list')
    .description('tournaments with their state, errors, warnings, decisions to take and their list: the one that rated them, or the one they go into')
    .option('--state <state>', `only one state: ${STATES.join(', ')}`)
    .option('--limit <n>', 'at most this many (default 500)', '500')
    .action(async (opts: { state?: string; limit: string }, cmd: Command) => {
      if (opts.state !== undefined && !(STATES as readonly string[]).includes(opts.state)) throw new CliError(`--state is one of ${STATES.join(', ')}, got “${opts.state}”`, 2)
      const limit = positiveId(opts.limit, 'a number for --limit')
      await withServices(cmd, async (cli) => {
        const out = await cli.call('checks:dashboard', { ...(opts.state ? { status: opts.state as (typeof STATES)[number] } : {}), sort: 'endDate', order: 'desc', limit: Math.min(limit, 500), offset: 0 })
        cli.print(out, () =>
          [
            `${out.total} tournament(s)${out.total > out.rows.length ? `, the ${out.rows.length} latest shown` : ''}`,
            ...out.rows.map((r) => `  ${String(r.id).padStart(5)} ${r.status.padEnd(8)} ${(r.endDate ?? '').padEnd(10)} E${r.errors} W${r.warnings} open ${r.open}  list ${listText(r.list)}  ${r.name ?? ''}`)
          ].join('\n')
        )
      })
    })
}

/** `tournaments report`: the check report written as a PDF file. */
function registerTournamentsReport(tournaments: Command): void {
  tournaments
    .command('report')
    .description('write the check report of a tournament as a PDF, in English or French')
    .argument('<id>', 'tournament id')
    .requiredOption('--out <file>', 'the PDF file to write')
    .option('--lang <lang>', 'en or fr (default: the office’s language)')
    .action(async (idText: string, opts: { out: string; lang?: string }, cmd: Command) => {
      const id = positiveId(idText, 'a tournament id')
      if (opts.lang !== undefined && opts.lang !== 'en' && opts.lang !== 'fr') throw new CliError(`--lang is en or fr, got “${opts.lang}”`, 2)
      await withServices(cmd, async (cli) => {
        const pdf = await cli.call('checks:report', { id, ...(opts.lang ? { locale: opts.lang as 'en' | 'fr' } : {}) })
        const bytes = Buffer.from(pdf.base64, 'base64')
        try {
          writeFileSync(opts.out, bytes)
        } catch (e) {
          throw new CliError(`cannot write ${opts.out}: ${(e as Error).message}`)
        }
        cli.print({ id, out: opts.out, bytes: bytes.byteLength, pages: pdf.pages }, () => `check report of tournament ${id} written to ${opts.out} (${pdf.pages} page(s), ${bytes.byteLength} bytes)`)
      })
    })
}
