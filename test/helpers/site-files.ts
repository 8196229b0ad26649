// A built folder as a map of its files (path relative to the folder → bytes), walked in name order: what the site's
// specs compare between two builds.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every file under `dir`; `skip` names files left out wherever they are (the build's manifest, which dates it). */
export function folderFiles(dir: string, skip: readonly string[] = []): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const f = join(d, name)
      if (statSync(f).isDirectory()) walk(f)
      else if (!skip.includes(name)) out.set(relative(dir, f), readFileSync(f))
    }
  }
  walk(dir)
  return out
}
