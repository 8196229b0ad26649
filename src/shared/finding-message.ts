// A finding's sentence in a language, from what the finding holds (its code and parameters, what was found and
// expected, the file): written by the server for its replies, the CLI and the PDFs, and again by the screens when the
// officer switches language after the finding was read (the reply kept the words of the language it was asked in).
import { translateError } from './errors/index'
import { citedParams } from './citations'

export type FindingLocale = 'en' | 'fr'

/** A finding read from a file (the import's preview): its rule's sentence with the finding's own parameters. */
export function readFindingMessage(f: { code: string; params: Record<string, unknown>; found: string; expected: string; location: { file: string } }, locale: FindingLocale): string {
  return translateError(f.code, { ...f.params, found: f.found, expected: f.expected, file: f.location.file }, locale)
}

/** A stored finding (the review, the tournament page): its references cited as FIDE's paragraphs of its edition. */
export function storedFindingMessage(f: { code: string; params: Record<string, unknown>; found: string; expected: string; fileName: string | null; edition: string | null }, locale: FindingLocale): string {
  return translateError(f.code, citedParams({ ...f.params, found: f.found, expected: f.expected, file: f.fileName }, locale, f.edition), locale)
}
