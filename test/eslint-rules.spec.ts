// The project's own lint rules refuse what they are meant to: a .vue component reaching the API client.
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId ?? m.message)
}

const vue = (script: string): string => `<script setup lang="ts">\n${script}\n</script>\n\n<template>\n  <div>{{ x }}</div>\n</template>\n`

describe('only stores call the API', () => {
  const component = root + 'src/renderer/src/features/players/Probe.vue'

  it('refuses the client imported into a component, by alias or by path', async () => {
    expect(await ruleIds(vue("import { api } from '@renderer/api'\nconst x = api"), component)).toContain('no-restricted-imports')
    expect(await ruleIds(vue("import { callOrThrow } from '../../api'\nconst x = callOrThrow"), component)).toContain('no-restricted-imports')
  })

  it("lets a component use the api module's helpers, and a store use the client", async () => {
    expect(await ruleIds(vue("import { failureMessage } from '@renderer/api'\nconst x = failureMessage"), component)).toEqual([])
    expect(await ruleIds("import { api } from '@renderer/api'\nexport const x = api\n", root + 'src/renderer/src/features/players/store.ts')).toEqual([])
  })
})

describe('SQL lives in the data layer', () => {
  const query = "import type { Db } from '../db/open'\nexport const n = (db: Db): unknown => db.prepare('SELECT 1').get()\n"

  it('refuses a prepared statement in a core module outside data/ and db/', async () => {
    expect(await ruleIds(query, root + 'src/main/core/services/probe.ts')).toContain('no-restricted-syntax')
    expect(await ruleIds(query, root + 'src/main/core/registry/probe.ts')).toContain('no-restricted-syntax')
  })

  it('lets data/ and db/ prepare statements', async () => {
    expect(await ruleIds(query, root + 'src/main/core/data/probe.ts')).toEqual([])
    expect(await ruleIds(query, root + 'src/main/core/db/probe.ts')).toEqual([])
  })
})

describe("the core's layers: each folder imports only the layers below it", () => {
  const core = (p: string): string => root + 'src/main/core/' + p
  const importing = (spec: string): string => `import { x } from '${spec}'\nexport const y = x\n`
  const refused = async (spec: string, file: string): Promise<string[]> => {
    const [result] = await eslint.lintText(importing(spec), { filePath: core(file) })
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
  }

  it('refuses services/ imported from below it (data, registry, tournaments, workers, lists)', async () => {
    for (const file of ['data/probe.ts', 'registry/probe.ts', 'tournaments/probe.ts', 'workers/probe.ts', 'lists/probe.ts', 'db/probe.ts']) {
      expect((await refused('../services/checks', file)).join(), file).toMatch(/never imports services/)
    }
  })

  it('refuses jobs/ and demo/ imported from services/ or below', async () => {
    expect((await refused('../jobs/index', 'services/probe.ts')).join()).toMatch(/top of the core/)
    expect((await refused('../demo/load', 'services/probe.ts')).join()).toMatch(/demo federation/)
    expect((await refused('../../jobs/lists', 'registry/probe.ts')).join()).toMatch(/top of the core/)
  })

  it('refuses a migration imported outside db/: runtime code lives in the data layer', async () => {
    for (const file of ['data/probe.ts', 'services/probe.ts', 'registry/probe.ts', 'jobs/probe.ts']) {
      expect((await refused('../db/migrations/023-list-by-rating', file)).join(), file).toMatch(/frozen history/)
    }
    expect(await refused('./migrations/index', 'db/probe.ts')).toEqual([])
  })

  it('refuses the database, the data layer and thread plumbing in a pure module', async () => {
    for (const folder of ['engine', 'lists', 'rules', 'trf', 'checks', 'exports']) {
      expect((await refused('../data/lists', `${folder}/probe.ts`)).join(), folder).toMatch(/never reads the database/)
      expect((await refused('../workers/runner', `${folder}/probe.ts`)).join(), folder).toMatch(/thread plumbing/)
    }
    expect((await refused('../db/open', 'lists/probe.ts')).join()).toMatch(/never opens/)
  })

  it('refuses domain code in workers/ and the data layer in db/', async () => {
    expect((await refused('../lists/generate', 'workers/probe.ts')).join()).toMatch(/thread plumbing: no domain code/)
    expect((await refused('../data/lists', 'db/probe.ts')).join()).toMatch(/never reads the database/)
  })

  it('lets each layer import the layers below it, and keeps the core free of electron there too', async () => {
    expect(await refused('../data/lists', 'services/probe.ts')).toEqual([])
    expect(await refused('../services/office-lists', 'jobs/probe.ts')).toEqual([])
    expect(await refused('../services/tournaments', 'demo/probe.ts')).toEqual([])
    expect(await refused('../lists/generate', 'data/probe.ts')).toEqual([])
    expect(await refused('../util/errors', 'workers/probe.ts')).toEqual([])
    // src/shared seen from src/main/core/workers (the path is built so that no file names a sibling `shared` folder)
    const srcShared = ['..', '..', '..', 'shared', 'contract', 'jobs'].join('/')
    expect(await refused(srcShared, 'workers/probe.ts')).toEqual([])
    expect((await refused('electron', 'data/probe.ts')).join()).toMatch(/no electron/)
  })
})
