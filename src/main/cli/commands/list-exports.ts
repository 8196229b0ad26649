// `lists export`, `lists diff` and `lists reconcile`: a list written to a file, two lists compared, an office list checked against FIDE's.
import type { Command } from 'commander'
import { CliError, withServices } from '../host'
import type { CallOutput } from '../../../shared/contract/index'
import { writeListExportFile } from '../../core/services/list-exports'
import { DIFF_KINDS, type DiffKind } from '../../core/data/list-compare'
import { changeCountsText } from '../../core/lists/change-kinds'
import { RECONCILE_REASONS } from '../../core/compare/reconcile'
import { regionSchema } from '../../../shared/contract/list-out'
import { EXPORT_CATEGORIES, EXPORT_FORMATS, EXPORT_SORTS, type ExportCategory, type ExportFormat, type ExportSort } from '../../core/exports/types'
import { publisherFileStem } from '../../../shared/locales/list-publisher'

function positiveInt(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new CliError(`${what} expects a positive whole number, got “${value}”`, 2)
  return Number(value)
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new CliError(`${what} expects ${allowed.join(', ')}, got “${value}”`, 2)
  return value as T
}

/** A region as --region gives it, checked as the contract checks it (trimmed, 1 to 60 characters). */
function regionArg(value: string): string {
  const r = regionSchema.safeParse(value)
  if (!r.success) throw new CliError(`--region expects a region name of 1 to 60 characters, got “${value}”`, 2)
  return r.data
}

/** The `lists` command, created by the lists commands (registered before this). */
function listsCommand(program: Command): Command {
  return program.commands.find((c) => c.name() === 'lists') ?? program.command('lists').description('rating lists held by the office')
}

export function register(program: Command): void {
  const lists = listsCommand(program)
  registerListsExport(lists)
  registerListsDiff(lists)
  registerListsReconcile(lists)
}

/** `lists export`: a list or a top list written to one file, in the format asked. */
function registerListsExport(lists: Command): void {
  lists
    .command('export')
    .description('write a list (or a top list of a category) to one file: FIDE TXT or XML, CSV, XLSX, a printable PDF, or JSON (docs/list-export.schema.json)')
    .argument('<listId>', 'the list id (see `lists show`)')
    .requiredOption('--format <format>', EXPORT_FORMATS.join(', '))
    .requiredOption('--out <file>', 'the file to write (never a folder; replaced atomically if it exists)')
    .option('--sort <key>', 'rating, name or fideId (default: fideId for txt and xml, rating otherwise)')
    .option('--category <category>', EXPORT_CATEGORIES.join(', '), 'open')
    .option('--federation <code>', 'only the players of this federation (three letters)')
    .option('--region <name>', 'only the players of this region (as the national list names it)')
    .option('--top <n>', 'a top list: the n best rated active players')
    .option('--lang <locale>', 'en or fr for headings and the PDF (default: the office language)')
    .action(
      async (
        listId: string,
        opts: { format: string; out: string; sort?: string; category: string; federation?: string; region?: string; top?: string; lang?: string },
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
          ...(opts.region !== undefined ? { region: regionArg(opts.region) } : {}),
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

/** `lists diff`: two lists compared kind by kind; big lists are compared once in a worker. */
function registerListsDiff(lists: Command): void {
  lists
    .command('diff')
    .description('compare two lists of one rating type: rises, falls, new, delisted, unlisted, inactive, reactivated, title changes (the preview\'s kinds)')
    .argument('<fromId>', 'the earlier list')
    .argument('<toId>', 'the later list')
    .option('--kind <kind>', `only this kind's players (${DIFF_KINDS.join(', ')}); default: every kind but unchanged`)
    .option('--limit <n>', 'players shown per kind', '20')
    .action(async (fromId: string, toId: string, opts: { kind?: string; limit: string }, cmd: Command) => {
      const from = positiveInt(fromId, 'fromId')
      const to = positiveInt(toId, 'toId')
      const limit = positiveInt(opts.limit, '--limit')
      const kinds: readonly DiffKind[] = opts.kind ? [oneOf(opts.kind, DIFF_KINDS, '--kind')] : DIFF_KINDS.filter((k) => k !== 'unchanged')
      await withServices(cmd, async (cli) => {
        const pages: CallOutput<'lists:diff'>[] = []
        for (const kind of kinds) {
          let page = await cli.call('lists:diff', { fromId: from, toId: to, kind, limit, withCounts: pages.length === 0 })
          if (page.jobId) {
            // two big lists: the call started the comparison in a worker; once it is done the pages are read from it
            process.stderr.write(`comparing lists ${from} and ${to} in a worker (once; the pages are then immediate)\n`)
            const end = await cli.services.ctx.jobs.wait(page.jobId)
            if (end.state !== 'done') throw new CliError(end.error?.message ?? end.message ?? `the comparison ${end.state}`)
            page = await cli.call('lists:diff', { fromId: from, toId: to, kind, limit, withCounts: pages.length === 0 })
          }
          pages.push(page)
        }
        const first = pages[0]!
        const counts = first.counts!
        const value = { from: first.from, to: first.to, counts, kinds: Object.fromEntries(pages.map((p) => [p.kind, { total: p.total, rows: p.rows }])) }
        const v = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : String(n))
        cli.print(value, () =>
          [
            `${first.from.ratingType} list ${first.from.id} (${first.from.listDate}, ${publisherFileStem(first.from.publisher)}) → list ${first.to.id} (${first.to.listDate}, ${publisherFileStem(first.to.publisher)})`,
            changeCountsText(counts),
            ...pages.flatMap((p) =>
              p.rows.length
                ? [
                    `${p.kind} (${p.total}):`,
                    ...p.rows.map((r) =>
                      [' ', String(r.fideId ?? '').padStart(10), r.name.padEnd(36).slice(0, 36), (r.federation ?? '').padEnd(3), v(r.from?.rating).padStart(4), '→', v(r.to?.rating).padStart(4), p.kind === 'title' ? `${r.from?.title ?? '-'} → ${r.to?.title ?? '-'}` : ''].join(' ').trimEnd()
                    )
                  ]
                : []
            )
          ].join('\n')
        )
      })
    })
}

/** `lists reconcile`: an office list against FIDE's list of the same date, each difference with its reason. */
function registerListsReconcile(lists: Command): void {
  lists
    .command('reconcile')
    .description("an office list against FIDE's list of the same date: every player whose rating, K or flag differs, and why")
    .argument('<listId>', 'the office list')
    .requiredOption('--with <referenceId>', "the reference list (FIDE's list of the same date)")
    .option('--reason <reason>', `only the players with this reason (${RECONCILE_REASONS.join(', ')})`)
    .option('--limit <n>', 'players shown', '1000')
    .action(async (listId: string, opts: { with: string; reason?: string; limit: string }, cmd: Command) => {
      const input = {
        listId: positiveInt(listId, 'listId'),
        referenceId: positiveInt(opts.with, '--with'),
        limit: Math.min(1000, positiveInt(opts.limit, '--limit')),
        ...(opts.reason ? { reason: oneOf(opts.reason, RECONCILE_REASONS, '--reason') } : {})
      }
      await withServices(cmd, async (cli) => {
        const r = await cli.call('lists:reconcile', input)
        const v = (n: number | string | null | undefined): string => (n === null || n === undefined ? '-' : String(n))
        cli.print(r, () =>
          [
            `office list ${r.list.id} (${r.list.listDate}) against ${publisherFileStem(r.reference.publisher)} list ${r.reference.id} (${r.reference.listDate}): ${r.differing} ${r.differing === 1 ? 'player differs' : 'players differ'}${r.sheets ? '' : ' (no calculation sheets: reasons from the entries and base lists)'}`,
            RECONCILE_REASONS.filter((k) => r.counts[k]).map((k) => `${k} ${r.counts[k]}`).join(', '),
            ...r.rows.map((row) =>
              [' ', String(row.fideId ?? '').padStart(10), row.name.padEnd(30).slice(0, 30), `office ${v(row.office?.rating)}/K${v(row.office?.k)}${row.office?.flags ? `/${row.office.flags}` : ''}`, `FIDE ${v(row.reference?.rating)}/K${v(row.reference?.k)}${row.reference?.flags ? `/${row.reference.flags}` : ''}`, row.reasons.map((x) => `${x.code} (${v(x.office)} vs ${v(x.reference)})`).join('; ')].join('  ')
            )
          ].join('\n')
        )
      })
    })
}
