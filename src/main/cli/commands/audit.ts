// The audit log from the command line: who did what, when and why, as text, JSON or CSV (read-only).
import type { Command } from 'commander'
import { withServices, CliError } from '../host'
import type { AuditRow } from '../../../shared/contract/audit'
import { csvField } from '../../core/exports/csv'

export function auditCsv(rows: readonly AuditRow[]): string {
  const header = ['id', 'at', 'actor', 'action', 'entity', 'entity_id', 'reason', 'data']
  // the recorded details are JSON: one field holding the JSON text
  const data = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v))
  const lines = rows.map((r) => [r.id, r.at, r.actor, r.action, r.entity, r.entityId, r.reason, data(r.data)].map((c) => csvField(c, ',')).join(','))
  // a BOM so that spreadsheets read the names' accents as UTF-8
  return '\ufeff' + [header.join(','), ...lines].join('\r\n') + '\r\n'
}

export function register(program: Command): void {
  program
    .command('audit')
    .description('show the audit log, newest first: who did what, when and why')
    .option('--entity <kind>', 'only this kind of entity (tournament, finding, player, rating_list, …)')
    .option('--entity-id <id>', 'only this entity')
    .option('--action <action>', 'only this action')
    .option('--since <date>', 'entries on or after this day (YYYY-MM-DD)')
    .option('--until <date>', 'entries on or before this day (YYYY-MM-DD)')
    .option('--limit <n>', 'at most this many entries (default: all)')
    .option('--csv', 'print CSV (UTF-8 with BOM) for a spreadsheet')
    .action(async (opts: { entity?: string; entityId?: string; action?: string; since?: string; until?: string; limit?: string; csv?: boolean }, cmd: Command) => {
      await withServices(cmd, async (cli) => {
        const max = opts.limit === undefined ? Infinity : Number(opts.limit)
        if (!(max > 0) || (Number.isFinite(max) && !Number.isInteger(max))) throw new CliError(`--limit must be a positive whole number, not “${opts.limit}”`, 2)
        const filter = { entity: opts.entity, entityId: opts.entityId, action: opts.action, since: opts.since, until: opts.until }
        const rows: AuditRow[] = []
        let total = 0
        for (let offset = 0; rows.length < max; ) {
          const page = await cli.call('audit:list', { ...filter, offset, limit: Math.min(1000, max - rows.length) })
          total = page.total
          rows.push(...page.rows)
          offset += page.rows.length
          if (page.rows.length === 0 || offset >= page.total) break
        }
        if (opts.csv) {
          process.stdout.write(auditCsv(rows))
          return
        }
        cli.print({ total, rows }, () =>
          rows.length === 0
            ? 'no entries'
            : rows.map((r) => `${r.at}  ${r.actor.padEnd(16)} ${r.action.padEnd(28)} ${r.entity}${r.entityId ? ' ' + r.entityId : ''}${r.reason ? `  — ${r.reason}` : ''}`).join('\n')
        )
      })
    })
}
