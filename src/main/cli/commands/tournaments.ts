// Tournament commands: `tournaments import FILE…` (TRF into the database, findings listed) and `tournaments export ID` (TRF16/TRF26).
import type { Command } from 'commander'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { CallOutput } from '../../../shared/contract/index'
import { CliError, withServices } from '../host'
import { registerReview } from './review'

type ImportResult = CallOutput<'tournaments:import'>[number]
type StoredFinding = CallOutput<'tournaments:findings'>[number]
type Replacement = NonNullable<Extract<ImportResult, { outcome: 'held' | 'superseded' }>['replacement']>

/**
 * `--received` values: a date for every file, and FILE=DATE for one file (named as given on the command line, or by
 * its base name). Bad usage (exit 2) names the value.
 */
export function receivedDates(files: readonly string[], values: readonly string[]): { all: string | null; perFile: Map<string, string> } {
  let all: string | null = null
  const perFile = new Map<string, string>()
  for (const v of values) {
    const eq = v.lastIndexOf('=')
    const date = eq < 0 ? v : v.slice(eq + 1)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date + 'T00:00:00Z'))) throw new CliError(`--received expects a date as YYYY-MM-DD or FILE=YYYY-MM-DD, got “${v}”`, 2)
    if (eq < 0) {
      if (all !== null && all !== date) throw new CliError(`--received gives two dates for every file (${all}, ${date}); name the file of one: FILE=${date}`, 2)
      all = date
      continue
    }
    const name = v.slice(0, eq)
    const matching = files.filter((f) => f === name || basename(f) === name)
    if (matching.length === 0) throw new CliError(`--received names “${name}”, which is not one of the files to import`, 2)
    for (const f of matching) perFile.set(f, date)
  }
  return { all, perFile }
}

/** A replacement in words: the changes, then each warning on its own line. */
function replacementText(r: Replacement): string {
  return [`  changes: ${r.summary}`, ...r.warnings.map((w) => `  take care: ${w.message}`)].join('\n')
}

function resultText(r: ImportResult & { findingsList?: StoredFinding[] }): string {
  if (!r.ok) {
    if ('outcome' in r) {
      const head = r.outcome === 'held' ? `${r.fileName}: held — would replace tournament ${r.replacement?.tournamentId} (version ${r.replacement?.current.version}); nothing imported` : `${r.fileName}: set aside — ${r.message}`
      return [head, ...(r.outcome === 'held' && r.replacement ? [replacementText(r.replacement)] : [])].join('\n')
    }
    return [`${r.fileName}: refused — ${r.message}`, ...r.findings.map(located)].join('\n')
  }
  const head = `${r.fileName}: ${r.outcome} tournament ${r.tournamentId} (version ${r.version}) “${r.name ?? ''}” ${r.startDate ?? ''} — ${r.players} players, ${r.rounds} rounds, ${r.games} games; findings ${r.findings.error} error, ${r.findings.warning} warning, ${r.findings.info} info; matched by FIDE ID ${r.matched.byFideId}, unknown IDs ${r.matched.unknownId}, candidates ${r.matched.candidates}, unmatched ${r.matched.unmatched}`
  const changes = r.replacement ? '\n' + replacementText(r.replacement) : r.diff ? `\n  changes: ${r.diff.summary}` : ''
  const list = r.findingsList ?? []
  return head + changes + (list.length ? '\n' + list.filter((f) => f.level !== 'info').map((f) => located({ level: f.level, location: { file: f.fileName ?? r.fileName, line: f.line, column: f.column, endColumn: f.endColumn }, message: f.message })).join('\n') : '')
}

function located(f: { level: string; location: { file: string; line: number | null; column: number | null; endColumn: number | null }; message: string }): string {
  const where = f.location.line === null ? f.location.file : `${f.location.file}:${f.location.line}${f.location.column ? `:${f.location.column}${f.location.endColumn && f.location.endColumn !== f.location.column ? `-${f.location.endColumn}` : ''}` : ''}`
  return `  ${f.level.padEnd(7)} ${where}  ${f.message}`
}

export function register(program: Command): void {
  const tournaments = program.command('tournaments').description('import TRF files, check, approve or reject them, export TRF16/TRF26')
  registerReview(tournaments)
  registerTournamentsImport(tournaments)
  registerTournamentsExport(tournaments)
}

/** `tournaments import`: TRF files imported as one batch, replacements held until confirmed, exit 1 when a file is not imported. */
function registerTournamentsImport(tournaments: Command): void {
  tournaments
    .command('import')
    .description('import TRF files (TRF06/16/26, any encoding); each file in one transaction; a file that would replace a stored tournament is held until confirmed (--replace)')
    .argument('<files...>', 'TRF files')
    .option('--replaces <id>', 'the one file given corrects this tournament: replace it (found by name, start date and players otherwise)')
    .option('--replace', 'confirm the replacements the import proposes (a file found to correct a stored tournament); without it they are held and shown')
    .option(
      '--received <date>',
      'the day the reports reached the office, YYYY-MM-DD (deadlines count from it; default today); FILE=YYYY-MM-DD for one file, repeatable: --received 2025-10-06 --received open.trf=2025-10-03',
      (value: string, previous: string[] = []) => [...previous, value]
    )
    .option('--historical', 'past seasons loaded into the archive: no deadline findings')
    .addHelpText(
      'after',
      `
Several files of one call are one import: two reports of the same tournament never replace each other; the later report
(more rounds, then later dated, then later received) goes forward and the other is set aside, said so.
A file that would replace a stored tournament is held, with what it changes (rounds, players, games, round entries) and
its warnings (older report, fewer rounds…), and nothing is stored: run again with --replace to confirm, or --replaces ID.

Examples:
  rating-office tournaments import open.trf rapid.trf --received 2025-10-06 --received open.trf=2025-10-03
  rating-office tournaments import open-v2.trf --replace`
    )
    .action(async (files: string[], opts: { replaces?: string; replace?: boolean; received?: string[]; historical?: boolean }, cmd: Command) => {
      const replaces = opts.replaces === undefined ? undefined : Number(opts.replaces)
      if (replaces !== undefined && !(Number.isInteger(replaces) && replaces > 0)) throw new CliError(`--replaces expects a tournament id, got “${opts.replaces}”`, 2)
      if (replaces !== undefined && files.length > 1) throw new CliError(`--replaces names the tournament of one file; ${files.length} were given`, 2)
      const received = receivedDates(files, opts.received ?? [])
      await withServices(cmd, async (cli) => {
        const inputs = files.map((file) => {
          let bytes: Buffer
          try {
            bytes = readFileSync(file)
          } catch (e) {
            throw new CliError(`Cannot read ${file}: ${(e as Error).message}`)
          }
          const date = received.perFile.get(file) ?? received.all
          return { fileName: basename(file), base64: bytes.toString('base64'), ...(date ? { receivedDate: date } : {}) }
        })
        const facts = { ...(replaces !== undefined ? { replaces } : {}), ...(opts.historical ? { historical: true } : {}) }
        const results: ImportResult[] = []
        // one import of all the files (in calls of 50, the call's limit): the batch's rules see them together
        for (let from = 0; from < inputs.length; from += 50) results.push(...(await cli.call('tournaments:import', { files: inputs.slice(from, from + 50), ...facts })))
        if (opts.replace) {
          // the officer confirmed beforehand: each held file replaces the tournament (and version) it was shown against
          const held = results.flatMap((r, i) => (!r.ok && 'outcome' in r && r.outcome === 'held' && r.replacement ? [{ i, r: r.replacement }] : []))
          for (let from = 0; from < held.length; from += 50) {
            const part = held.slice(from, from + 50)
            const again = await cli.call('tournaments:import', { files: part.map(({ i, r }) => ({ ...inputs[i]!, replaces: r.tournamentId, replacesVersion: r.current.version })), ...(opts.historical ? { historical: true } : {}) })
            again.forEach((r, k) => (results[part[k]!.i] = r))
          }
        }
        const listed: (ImportResult & { findingsList?: StoredFinding[] })[] = []
        for (const result of results) {
          if (result.ok) {
            const findings = await cli.call('tournaments:findings', { id: result.tournamentId })
            listed.push({ ...result, findingsList: findings.filter((f) => f.fileId === result.fileId || result.outcome === 'duplicate') })
          } else listed.push(result)
        }
        cli.print(listed, () => listed.map(resultText).join('\n'))
        const held = results.filter((r) => !r.ok && 'outcome' in r && r.outcome === 'held').length
        const aside = results.filter((r) => !r.ok && 'outcome' in r && r.outcome === 'superseded').length
        const refused = results.filter((r) => !r.ok).length - held - aside
        if (refused + held + aside > 0) {
          const parts = [refused ? `${refused} refused` : null, held ? `${held} held for confirmation (run again with --replace to replace)` : null, aside ? `${aside} set aside for a later report of the same tournament` : null]
          throw new CliError(`${refused + held + aside} of ${files.length} file(s) not imported: ${parts.filter(Boolean).join(', ')}`)
        }
      })
    })
}

/** `tournaments export`: a stored tournament written as TRF16 or TRF26 for the FIDE upload. */
function registerTournamentsExport(tournaments: Command): void {
  tournaments
    .command('export')
    .description('write a tournament as TRF16 or TRF26 for the FIDE upload')
    .argument('<id>', 'tournament id')
    .requiredOption('--format <format>', 'trf16 or trf26')
    .requiredOption('--out <file>', 'file to write')
    .action(async (idText: string, opts: { format: string; out: string }, cmd: Command) => {
      const id = Number(idText)
      if (!Number.isInteger(id) || id <= 0) throw new CliError(`expected a tournament id, got “${idText}”`, 2)
      if (opts.format !== 'trf16' && opts.format !== 'trf26') throw new CliError(`--format expects trf16 or trf26, got “${opts.format}”`, 2)
      await withServices(cmd, async (cli) => {
        const out = await cli.call('tournaments:export', { id, format: opts.format as 'trf16' | 'trf26' })
        writeFileSync(opts.out, out.text)
        cli.print({ id, format: opts.format, out: opts.out, bytes: Buffer.byteLength(out.text), warnings: out.warnings }, () =>
          [`tournament ${id} written as ${opts.format.toUpperCase()} to ${opts.out} (${Buffer.byteLength(out.text)} bytes)`, ...out.warnings.map((w) => `  warning: ${w}`)].join('\n')
        )
      })
    })
}
