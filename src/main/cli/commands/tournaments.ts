// Tournament commands: `tournaments import FILE…` (TRF into the database, findings listed) and `tournaments export ID` (TRF16/TRF26).
import type { Command } from 'commander'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { CallOutput } from '../../../shared/contract/index'
import { CliError, withServices } from '../host'
import { registerReview } from './review'

type ImportResult = CallOutput<'tournaments:import'>[number]

function located(f: { level: string; location: { file: string; line: number | null; column: number | null; endColumn: number | null }; message: string }): string {
  const where = f.location.line === null ? f.location.file : `${f.location.file}:${f.location.line}${f.location.column ? `:${f.location.column}${f.location.endColumn && f.location.endColumn !== f.location.column ? `-${f.location.endColumn}` : ''}` : ''}`
  return `  ${f.level.padEnd(7)} ${where}  ${f.message}`
}

export function register(program: Command): void {
  const tournaments = program.command('tournaments').description('import TRF files, check, approve or reject them, export TRF16/TRF26')
  registerReview(tournaments)

  tournaments
    .command('import')
    .description('import TRF files (TRF06/16/26, any encoding); each file in one transaction')
    .argument('<files...>', 'TRF files')
    .option('--replaces <id>', 'the file corrects this tournament (found by name and start date otherwise)')
    .option('--received <date>', 'the day the reports reached the office, YYYY-MM-DD (deadlines count from it; default today)')
    .option('--historical', 'past seasons loaded into the archive: no deadline findings')
    .action(async (files: string[], opts: { replaces?: string; received?: string; historical?: boolean }, cmd: Command) => {
      const replaces = opts.replaces === undefined ? undefined : Number(opts.replaces)
      if (replaces !== undefined && !(Number.isInteger(replaces) && replaces > 0)) throw new CliError(`--replaces expects a tournament id, got “${opts.replaces}”`, 2)
      if (opts.received !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.received)) throw new CliError(`--received expects a date as YYYY-MM-DD, got “${opts.received}”`, 2)
      const facts = { ...(opts.received ? { receivedDate: opts.received } : {}), ...(opts.historical ? { historical: true } : {}) }
      await withServices(cmd, async (cli) => {
        const results: (ImportResult & { findingsList?: unknown })[] = []
        for (const file of files) {
          let bytes: Buffer
          try {
            bytes = readFileSync(file)
          } catch (e) {
            throw new CliError(`Cannot read ${file}: ${(e as Error).message}`)
          }
          const [result] = await cli.call('tournaments:import', { files: [{ fileName: basename(file), base64: bytes.toString('base64') }], replaces, ...facts })
          if (result.ok) {
            const findings = await cli.call('tournaments:findings', { id: result.tournamentId })
            results.push({ ...result, findingsList: findings.filter((f) => f.fileId === result.fileId || result.outcome === 'duplicate') })
          } else results.push(result)
        }
        cli.print(results, () =>
          results
            .map((r) => {
              if (!r.ok) return [`${r.fileName}: refused — ${r.message}`, ...r.findings.map(located)].join('\n')
              const head = `${r.fileName}: ${r.outcome} tournament ${r.tournamentId} (version ${r.version}) “${r.name ?? ''}” ${r.startDate ?? ''} — ${r.players} players, ${r.rounds} rounds, ${r.games} games; findings ${r.findings.error} error, ${r.findings.warning} warning, ${r.findings.info} info; matched by FIDE ID ${r.matched.byFideId}, unknown IDs ${r.matched.unknownId}, candidates ${r.matched.candidates}, unmatched ${r.matched.unmatched}`
              const diff = r.diff && typeof r.diff === 'object' && 'summary' in r.diff ? `\n  changes: ${String((r.diff as { summary: string }).summary)}` : ''
              const list = (r.findingsList as { level: string; fileName: string | null; line: number | null; column: number | null; endColumn: number | null; message: string }[] | undefined) ?? []
              return head + diff + (list.length ? '\n' + list.filter((f) => f.level !== 'info').map((f) => located({ level: f.level, location: { file: f.fileName ?? r.fileName, line: f.line, column: f.column, endColumn: f.endColumn }, message: f.message })).join('\n') : '')
            })
            .join('\n')
        )
        const refused = results.filter((r) => !r.ok).length
        if (refused > 0) throw new CliError(`${refused} of ${files.length} file(s) refused`)
      })
    })

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
