// Frame commands: database facts, health check (a worker job), and the browser-mode server.
import type { Command } from 'commander'
import { withServices, globalOptions, CliError } from '../host'
import { startBrowserMode, UsageError } from '../../http/start'

export function register(program: Command): void {
  program
    .command('info')
    .description('show the application version, database file and schema version, and home figures')
    .action(async (_opts, cmd: Command) => {
      await withServices(cmd, async (cli) => {
        const info = await cli.call('system:info', {})
        const home = await cli.call('system:home', {})
        cli.print({ ...info, ...home }, () =>
          [
            `Rating Office ${info.appVersion}`,
            `database   ${info.dbPath} (schema ${info.schemaVersion})`,
            `players    ${home.players} (${home.playersActive} active)`,
            `tournaments ${Object.entries(home.tournamentsByStatus).map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}`,
            `reference lists ${home.referenceLists}`,
            `last published list ${home.lastPublished ? `${home.lastPublished.listDate} ${home.lastPublished.ratingType} (${home.lastPublished.entries} players)` : 'none'}`
          ].join('\n')
        )
      })
    })

  program
    .command('health')
    .description('check the database (integrity and row counts) in the worker thread')
    .action(async (_opts, cmd: Command) => {
      await withServices(cmd, async (cli) => {
        const report = await cli.runJob('system:health', {})
        cli.print(report, () => [`integrity: ${report.integrity}`, ...report.tables.map((t) => `${t.name.padEnd(28)} ${t.rows}`)].join('\n'))
        if (report.integrity !== 'ok') throw new CliError(`integrity check failed: ${report.integrity}`)
      })
    })

  program
    .command('serve')
    .description('serve the application in a browser (browser mode) on 127.0.0.1')
    .option('--port <n>', 'port (0 picks a free one)', '5317')
    .option('--host <address>', 'interface to listen on; anything but loopback needs --read-only or --token', '127.0.0.1')
    .option('--read-only', 'refuse every call that changes data (to publish the archive on a network)')
    .option('--token <token>', 'require this token on every call (header X-Rating-Office-Token or ?token=)')
    .option('--static <dir>', 'folder of the built renderer (default: out/web next to the build)')
    .option('--allow-host <name...>', 'off loopback, other names clients reach the server by (a DNS name): the Host header is checked against the address, this machine\'s name and these')
    .action(async (opts: { port: string; host: string; readOnly?: boolean; token?: string; static?: string; allowHost?: string[] }, cmd: Command) => {
      const g = globalOptions(cmd)
      const port = Number(opts.port)
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port expects a number from 0 to 65535, got “${opts.port}”`, 2)
      try {
        await startBrowserMode({ db: g.db, port, host: opts.host, readOnly: Boolean(opts.readOnly), token: opts.token, staticDir: opts.static, allowHosts: opts.allowHost ?? [] })
      } catch (e) {
        if (e instanceof UsageError) throw new CliError(e.message, 2)
        throw e
      }
      // keep running until a signal stops the server
      await new Promise(() => undefined)
    })
}
