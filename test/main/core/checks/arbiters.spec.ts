// Arbiter checks: unknown, unlicensed (info before 1 July 2014, error from it: 2014 § 0.3), no chief.
import { describe, expect, it } from 'vitest'
import { checkArbiters } from '../../../../src/main/core/checks/arbiters'
import { arbiter, input } from './build'

const expired = arbiter('chief', { registry: { fideId: '900', name: 'Chief', title: 'FA', licences: [{ validFrom: '2010-01-01', validTo: '2014-12-31', status: 'active' }] } })

describe('arbiter checks', () => {
  it('2014 § 0.3: an arbiter without a licence on the dates is an error from 2014', () => {
    const f = checkArbiters(input('fide-2014', { startDate: '2015-03-01', endDate: '2015-03-05' }, { arbiters: [expired] }))
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ code: 'check.arbiters.unlicensed', level: 'error', edition: 'fide-2014', paragraph: '2014 § 0.3', params: { reason: 'expired', fideId: '900' } })
  })

  it('before 1 July 2014 the same arbiter is only an info (2010 has no licence rule)', () => {
    const f = checkArbiters(input('fide-2010', { startDate: '2013-03-01', endDate: '2013-03-05' }, { arbiters: [{ ...expired, registry: { ...expired.registry!, licences: [] } }] }))
    expect(f.map((x) => [x.code, x.level, x.params.reason])).toEqual([['check.arbiters.unlicensed', 'info', 'none']])
  })

  it('a licence must cover the whole event, and a suspended licence does not count', () => {
    const partial = checkArbiters(input('fide-2014', { startDate: '2014-12-28', endDate: '2015-01-03' }, { arbiters: [expired] }))
    expect(partial.map((x) => x.params.reason)).toEqual(['expired'])
    const suspended = arbiter('chief', { registry: { fideId: '900', name: 'C', title: 'IA', licences: [{ validFrom: null, validTo: null, status: 'suspended' }] } })
    expect(checkArbiters(input('fide-2024', { startDate: '2025-01-01', endDate: '2025-01-05' }, { arbiters: [suspended] }))[0]!.params.reason).toBe('suspended')
    expect(checkArbiters(input('fide-2024', { startDate: '2025-01-01', endDate: '2025-01-05' }, { arbiters: [arbiter('chief')] }))).toEqual([])
  })

  it('an arbiter not in the registry is a warning offering close names', () => {
    const a = arbiter('deputy', { name: 'Smith, Jon', fideId: '12345', registry: null, suggestions: [{ fideId: '12346', name: 'Smith, John' }] })
    const f = checkArbiters(input('fide-2014', {}, { arbiters: [arbiter('chief'), a] }))
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ code: 'check.arbiters.unknown', level: 'warning', params: { suggestions: 'Smith, John (12346)', name: 'Smith, Jon', position: 2 } })
  })

  it('a report without a chief arbiter is a warning', () => {
    const f = checkArbiters(input('fide-2014', {}, { arbiters: [arbiter('deputy')] }))
    expect(f.map((x) => [x.code, x.level, x.paragraph])).toEqual([['check.arbiters.noChief', 'warning', '2014 § 9.1']])
  })
})
