// Runs the real `rating-office` CLI from source in a child process (tsx), as a script or a user would.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export function runCli(args: string[], options: { input?: string; env?: Record<string, string> } = {}): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main/cli/main.ts', ...args], {
    cwd: root,
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, ...options.env, FORCE_COLOR: '0' },
    timeout: 120_000
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}
