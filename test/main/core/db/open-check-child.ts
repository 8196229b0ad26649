// A host killed while writing, for open-check.spec.ts: opens the services as the CLI does, commits one change,
// starts a second it never commits, says READY and waits for SIGKILL. Usage: open-check-child.ts DB
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'

const services = createServices({ dbPath: process.argv[2]!, host: 'cli', appVersion: '0.0.0', worker: sourceWorkerScript() })
const reply = await services.dispatch('settings:set', { officer: 'Committed Officer' })
if (!reply.ok) throw new Error(reply.error.message)
const db = services.ctx.db
db.exec('BEGIN IMMEDIATE')
db.prepare('INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run('officer', JSON.stringify('Uncommitted Officer'))
process.stdout.write('READY\n')
setInterval(() => {}, 1000)
