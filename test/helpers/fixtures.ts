// Paths of the test fixtures: every file a test reads is inside the repository (test/fixtures, see SOURCES.md).
import { fileURLToPath } from 'node:url'

/** test/fixtures/ with a trailing separator. */
export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url))
/** TRF files from pairing programs' test suites, some deliberately malformed. */
export const TRF_DIR = FIXTURES_DIR + 'trf/'
/** Real TRF and Krause exports. */
export const REAL_DIR = FIXTURES_DIR + 'trf-real/'
/** FIDE list excerpts and hand-made lists. */
export const LISTS_DIR = FIXTURES_DIR + 'ratinglists/'

/** The path of a fixture file, e.g. fixture('trf-real', 'erral_fidetournament__tests__test_demo.trf'). */
export function fixture(dir: 'trf' | 'trf-real' | 'ratinglists', name: string): string {
  return FIXTURES_DIR + dir + '/' + name
}
