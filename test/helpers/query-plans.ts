// The query plans of what a call runs: the call made on a connection that records every statement it runs with its
// parameters, then each SELECT explained (EXPLAIN QUERY PLAN) with those parameters. For the specs that hold a
// lookup to its indexes (archive-plans.spec.ts) and a sealed list to its own file (archive-seal.spec.ts).
import type { Db } from '../../src/main/core/db/open'
import type { ServiceContext } from '../../src/main/core/services/context'

export interface QueryPlan {
  sql: string
  plan: string[]
}

export function queryPlans(db: Db, f: (ctx: ServiceContext) => unknown): QueryPlan[] {
  const ran = new Map<string, unknown[]>()
  const statement = (sql: string): unknown => {
    const st = db.prepare(sql)
    const proxy: unknown = new Proxy(st, {
      get(target, key) {
        const v = Reflect.get(target, key, target) as unknown
        if (typeof v !== 'function') return v
        if (key === 'all' || key === 'get' || key === 'run' || key === 'iterate') {
          return (...args: unknown[]) => (ran.set(sql, args), (v as (...a: unknown[]) => unknown).apply(target, args))
        }
        // pluck(), raw(), expand() return the statement: keep recording through it
        return (...args: unknown[]) => ((v as (...a: unknown[]) => unknown).apply(target, args), proxy)
      }
    })
    return proxy
  }
  const recording = new Proxy(db, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown
      if (key === 'prepare') return statement
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    }
  })
  f({ db: recording } as ServiceContext)
  return [...ran]
    .filter(([sql]) => /^\s*(SELECT|WITH)/i.test(sql))
    .map(([sql, args]) => ({ sql, plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail) }))
}
