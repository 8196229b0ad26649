// Who publishes a list, from what the list stores and the office's settings: the one reading behind every surface
// that names a list's source (list summaries, exports' headings and file names, the archive's history).
import type { ListPublisher } from '../../../shared/contract/lists'

/** What a list row carries for its publisher: its kind and source, and an office list's recorded federation and rules. */
export interface PublisherColumns {
  kind: 'reference' | 'office'
  source: string
  /** office_list_meta.federation_name / federation_code, recorded at publication (migration 26); null before. */
  publisherName: string | null
  publisherCode: string | null
  /** The edition or profile the list was computed under (office_list_meta.params' id, kind and name; rating_lists.edition). */
  rulesId: string | null
  rulesKind: string | null
  rulesName: string | null
}

/**
 * A list's publisher. A reference list is its source's: FIDE's download is FIDE's, a national list imported names
 * the federation it came from. An office list is the office's federation's, whatever rules it was computed under:
 * the name and code recorded with it at its publication, or (a draft, or a list published before they were
 * recorded and not filled by migration 26) the settings' as they are now.
 */
export function listPublisher(row: PublisherColumns, settings: { federation: string; federationName: string }): ListPublisher {
  if (row.kind === 'reference') {
    const fide = row.source === 'FIDE'
    return { origin: fide ? 'fide' : 'national', name: row.source, code: row.source, recorded: true, rules: null }
  }
  const recorded = row.publisherName !== null || row.publisherCode !== null
  const name = recorded ? row.publisherName : settings.federationName.trim() || null
  const code = recorded ? row.publisherCode : settings.federation.trim() || null
  const rules = row.rulesId ? { id: row.rulesId, kind: row.rulesKind ?? 'custom', name: row.rulesName ?? row.rulesId } : null
  return { origin: 'office', name, code, recorded, rules }
}

/** Drops the publisher's columns from a row and puts its publisher in their place. */
export function withPublisher<T extends PublisherColumns>(row: T, settings: { federation: string; federationName: string }): Omit<T, keyof Omit<PublisherColumns, 'kind' | 'source'>> & { publisher: ListPublisher } {
  const { publisherName: _n, publisherCode: _c, rulesId: _i, rulesKind: _k, rulesName: _r, ...rest } = row
  return { ...rest, publisher: listPublisher(row, settings) }
}
