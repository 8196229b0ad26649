// Values of the contract that the renderer's first screen needs, in a module without zod: the renderer's entry chunk
// then neither loads zod nor builds the schemas of the modules that declare them (in the start-up profile
// of the players table, zod was about a third of the entry's evaluation). The contract's modules re-export them.

/** Kinds of file the browser uploads (POST /api/upload/<kind>); files.ts makes them a schema. */
export const uploadKinds = ['fide-list', 'national-list'] as const

/** Browser mode: where the bytes of a file are sent (POST, application/octet-stream, `?name=` its file name). */
export function uploadUrl(kind: (typeof uploadKinds)[number], fileName: string): string {
  return `/api/upload/${kind}?name=${encodeURIComponent(fileName)}`
}

/** The largest federation logo accepted, in bytes (a printed list shows it 48 points wide: a small image is plenty). */
export const LOGO_MAX_BYTES = 512 * 1024

/** The three rating types, in the order every list, filter and table shows them; define.ts makes them a schema. */
export const RATING_TYPES = ['standard', 'rapid', 'blitz'] as const
export type RatingType = (typeof RATING_TYPES)[number]

/** How a player's line on a list differs from his line on a base list, in the order the screens and the CLI show them;
 *  office-lists.ts makes them a schema and says what each means. */
export const CHANGE_KINDS = ['up', 'down', 'new', 'delisted', 'inactive', 'reactivated', 'title', 'unchanged', 'unlisted'] as const

/** The kinds that partition the players (one each): their counts sum to the players compared. */
export const RATING_KINDS = ['up', 'down', 'new', 'delisted', 'unchanged', 'unlisted'] as const satisfies readonly (typeof CHANGE_KINDS)[number][]

/** The kinds counted besides a player's rating kind (none, one or several). */
export const MARK_KINDS = ['inactive', 'reactivated', 'title'] as const satisfies readonly (typeof CHANGE_KINDS)[number][]

/**
 * The steps of a job whose progress counts the bytes of a file read (a FIDE list read, its checksum taken): the job
 * bar shows them as a share of the file, never as a count of players or lists.
 */
export const BYTE_STEPS = ['file', 'fileChecksum'] as const
