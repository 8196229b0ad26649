// `rating-office site build | privacy`: the federation's public rating website built into a folder (static files for
// any web host), and what it may show (birth year, sex, players withheld at their request).
import type { Command } from 'commander'
import { CliError, cliWorkerScript, withServices } from '../host'
import { buildSite, changeSitePrivacy, sitePrivacyView } from '../../core/services/site'

function onOff(value: string | undefined, what: string): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'on' || value === 'off') return value === 'on'
  throw new CliError(`${what} expects on or off, got “${value}”`, 2)
}

function fideIds(values: string[] | undefined, what: string): number[] {
  return (values ?? []).map((v) => {
    if (!/^[1-9]\d{0,9}$/.test(v)) throw new CliError(`${what} expects a FIDE ID (digits), got “${v}”`, 2)
    return Number(v)
  })
}

export function register(program: Command): void {
  const site = program.command('site').description('the federation’s public rating website: a static folder built from the published lists')

  site
    .command('build')
    .description('build (or bring up to date) the website in a folder: every published list, a page per player with his calculation sheets, rated tournaments, search; English and French')
    .requiredOption('--out <dir>', 'the site’s folder (created if missing; an earlier build’s folder is brought up to date, writing only the files that changed)')
    .option('--full', 'render every page again instead of only what new lists touched')
    .action(async (opts: { out: string; full?: boolean }, cmd: Command) => {
      await withServices(cmd, async (cli) => {
        const thread = cliWorkerScript()
        const r = await buildSite(cli.services.ctx.db, { out: opts.out, full: Boolean(opts.full), ...(thread ? { thread } : {}) })
        cli.print({ ...r, written: r.written.length, deleted: r.deleted.length, writtenFiles: r.written, deletedFiles: r.deleted }, () =>
          [
            `site       ${r.dir} (${r.mode} build)`,
            `lists      ${r.lists}`,
            `players    ${r.players} published, ${r.withheld} withheld, ${r.rendered} rendered`,
            `tournaments ${r.tournaments}`,
            `files      ${r.files} (${r.written.length} written, ${r.unchanged} unchanged, ${r.deleted.length} removed; ${r.bytes} bytes)`
          ].join('\n')
        )
      })
    })

  site
    .command('privacy')
    .description('what the website may show: birth year and sex (off unless allowed), players withheld at their request (no page, no search entry, “withheld” in crosstables)')
    .option('--birth-year <on|off>', 'publish the year of birth (never the full date)')
    .option('--sex <on|off>', 'publish the sex')
    .option('--withhold <fideId...>', 'withhold these players from the website')
    .option('--release <fideId...>', 'publish these players again')
    .option('--reason <text>', 'why (recorded in the audit log)')
    .action(async (opts: { birthYear?: string; sex?: string; withhold?: string[]; release?: string[]; reason?: string }, cmd: Command) => {
      const birthYear = onOff(opts.birthYear, '--birth-year')
      const sex = onOff(opts.sex, '--sex')
      const withhold = fideIds(opts.withhold, '--withhold')
      const release = fideIds(opts.release, '--release')
      await withServices(cmd, async (cli) => {
        const db = cli.services.ctx.db
        const changing = birthYear !== undefined || sex !== undefined || withhold.length > 0 || release.length > 0
        const p = changing ? changeSitePrivacy(db, { birthYear, sex, withhold, release, reason: opts.reason ?? null }) : sitePrivacyView(db)
        cli.print(p, () =>
          [`birth year ${p.birthYear ? 'published' : 'not published'}`, `sex        ${p.sex ? 'published' : 'not published'}`, `withheld   ${p.withheldFideIds.length ? p.withheldFideIds.map((f, i) => f ?? `#${p.withheld[i]}`).join(', ') : 'nobody'}`].join('\n')
        )
      })
    })
}
