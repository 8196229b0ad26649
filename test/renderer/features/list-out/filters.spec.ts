// The top list's and the export panel's federation and region filters (features/list-out/filters.ts), and the
// browser's download URL carrying a region.
import { describe, expect, it } from 'vitest'
import { playerFilters } from '@renderer/features/list-out/filters'
import { listExportRequestFromQuery, listExportRequestSchema, listExportUrl } from '../../../../src/shared/contract/list-out'

describe('list-out filters', () => {
  it('sends a three-letter federation upper-cased and a region trimmed, nothing for empty fields', () => {
    expect(playerFilters('', '')).toEqual({})
    expect(playerFilters('fra', '')).toEqual({ federation: 'FRA' })
    expect(playerFilters('', '  Île-de-France ')).toEqual({ region: 'Île-de-France' })
    expect(playerFilters(' ger', 'Baden  Württemberg')).toEqual({ federation: 'GER', region: 'Baden Württemberg' })
  })

  it('sends no request while the federation is not a three-letter code', () => {
    expect(playerFilters('FR', 'Bretagne')).toBeNull()
    expect(playerFilters('FRA1', '')).toBeNull()
  })

  it('carries the region through the download URL, accents and spaces included', () => {
    const req = { listId: 4, format: 'pdf' as const, ...playerFilters('fra', 'Île-de-France') }
    const url = listExportUrl(req, 'tok')
    expect(url).toBe('/api/export/list/4?format=pdf&federation=FRA&region=%C3%8Ele-de-France&token=tok')
    expect(listExportRequestSchema.parse(listExportRequestFromQuery('4', new URLSearchParams(url.split('?')[1])))).toEqual(req)
  })
})
