// `lists export`, `lists diff` and `lists reconcile`: a list written to a file, two lists compared, an office list checked against FIDE's.
import type { Command } from 'commander'
import { CliError, withServices } from '../host'
import { writeListExportFile } from '../../core/services/list-exports'
import { EXPORT_CATEGORIES, EXPORT_FORMATS, EXPORT_SORTS, type ExportCategory, type ExportFormat, type ExportSort } from '../../core/exports/types'

function positiveInt(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new CliError(`${what} expects a positive whole number, got “${value}”`, 2)
  return Number(value)
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new CliError(`${what} expects ${allowed.join(', ')}, got “${value}”`, 2)
  return value as T
}

/** The `lists` command, created by the lists commands (registered before this). */
function listsCommand(program: Command): Command {
  return program.commands.find((c) => c.name() === 'lists') ?? program.command('lists').description('rating lists held by the office')
}

export function register(program: Command): void {
  const lists = listsCommand(program)

  lists
    .command('export')
    .description('write a list (or a top list of a category) to one file: FIDE TXT or XML, CSV, XLSX or a printable PDF')
    .argument('<listId>', 'the list id (see `lists show`)')
    .requiredOption('--format <format>', EXPORT_FORMATS.join(', '))
    .requiredOption('--out <file>', 'the file to write (never a folder; replaced atomically if it exists)')
    .option('--sort <key>', 'rating, name or fideId (default: fideId for txt and xml, rating otherwise)')
    .option('--category <category>', EXPORT_CATEGORIES.join(', '), 'open')
    .option('--federation <code>', 'only the players of this federation (three letters)')
    .option('--top <n>', 'a top list: the n best rated active players')
    .option('--lang <locale>', 'en or fr for headings and the PDF (default: the office language)')
    .action(
      async (
        listId: string,
        opts: { format: string; out: string; sort?: string; category: string; federation?: string; top?: string; lang?: string },
        cmd: Command
      ) => {
        const format = oneOf(opts.format, EXPORT_FORMATS, '--format') as ExportFormat
        if (opts.federation !== undefined && !/^[A-Za-z]{3}$/.test(opts.federation)) {
          throw new CliError(`--federation expects a three-letter code, got “${opts.federation}”`, 2)
        }
        const req = {
          listId: positiveInt(listId, 'listId'),
          format,
          ...(opts.sort ? { sort: oneOf(opts.sort, EXPORT_SORTS, '--sort') as ExportSort } : {}),
          category: oneOf(opts.category, EXPORT_CATEGORIES, '--category') as ExportCategory,
          ...(opts.federation ? { federation: opts.federation.toUpperCase() } : {}),
          ...(opts.top ? { top: positiveInt(opts.top, '--top') } : {}),
          ...(opts.lang ? { locale: oneOf(opts.lang, ['en', 'fr'] as const, '--lang') } : {})
        }
        await withServices(cmd, async (cli) => {
          const r = await writeListExportFile(cli.services.ctx.db, req, opts.out)
          cli.print(r, () =>
            `wrote ${r.rows} ${r.rows === 1 ? 'player' : 'players'} to ${r.file} (${r.format}, ${r.bytes} bytes)` +
            (r.skipped ? `; ${r.skipped} without a FIDE ID left out (the ${r.format.toUpperCase()} format needs one)` : '')
          )
        })
      }
    )
}
