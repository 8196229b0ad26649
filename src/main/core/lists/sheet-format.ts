// How a calculation sheet is stored: a compact JSON text (objects of the sheet's known shapes as arrays), no deflate.
//
// The sheet used to be stored as deflated JSON of the whole object (`deflate(JSON.stringify(sheet))`). At FIDE scale a
// month writes ~300,000 sheets; the profile showed the JSON (13 keys repeated in every game) and its deflate as about
// half the time of writing a list's sheets. The compact form writes each object of a known shape (the sheet, its base,
// its tournaments, their games, notes, K, month slice, event, compression) as `[shape, ...values]` in the shape's key
// order, every array as `[-1, ...items]`, anything else (a first rating's window, an object of another shape) as plain
// JSON. It is a third of the JSON's size, close to what the deflated form took, without the deflate.
//
// Decoding gives exactly `JSON.parse(JSON.stringify(sheet))` (same keys in the same order, same values): what the old
// form gave. An object is written as a shape only when its own keys are exactly that shape's, in that order, with no
// `undefined` value (JSON would drop the key); otherwise it stays an object. Numbers and strings are written as
// JSON.stringify writes them. The shapes of version 1 below are frozen: a new shape or key order is a new version, and
// every earlier version stays readable.
//
// Version 2 writes the strings most sheets repeat as a reference: a shape's text that is one of STRINGS_V2
// (the rules' references, the notes every rated player gets, the editions' ids) is written `[-2, index]`, six or
// seven bytes where the string took eleven to ninety. In a FIDE-sized month they are about a quarter of the sheets'
// bytes ("FIDE 2024: K factor (regulations.md § 1)" alone 41 MB of 533), which the list's generation writes into the
// database. Anything else is written as version 1 writes it: a version-2 sheet with its references replaced by their
// strings is, byte for byte, the version-1 sheet of the same object. STRINGS_V2 is frozen like the shapes: a string
// added later is a new version; a string the rules no longer write stays, for the sheets that hold it.
//
// The first byte tells the forms apart: '[' (0x5B) for the compact form; a zlib stream (the old form, still read for
// the sheets of older databases) starts with a byte whose low four bits are 8 (deflate), never 0x5B.

/** The compact form's version, its first element: 2 is written, 1 and 2 are read. */
export const VERSION = 2

/** The strings version 2 writes as `[-2, index]` (index = position). Frozen: never edit, reorder or remove one. */
export const STRINGS_V2: readonly string[] = [
  ...['FIDE 2005', 'FIDE 2010', 'FIDE 2014', 'FIDE 2017', 'FIDE 2022', 'FIDE 2024'].flatMap((y) => [
    `${y}: tables 8.1a/8.1b (regulations.md § 2)`,
    `${y}: rating-difference cap (regulations.md § 1)`,
    `${y}: K factor (regulations.md § 1)`,
    `${y}: rated player (regulations.md § 4.1)`,
    `${y}: rounding (regulations.md § 4.1)`,
    `${y}: unrated player (regulations.md § 4.2)`,
    `${y}: first rating (regulations.md § 4.2)`,
    `${y}: round-robin iteration (regulations.md § 4.2)`,
    `${y}: Swiss counts rated opponents only (regulations.md § 3)`
  ]),
  'FIDE 2024: unrated player (regulations.md § 4.3)',
  'FIDE 2024: first rating (regulations.md § 4.3)',
  '2024 § 8.3.4',
  'regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)',
  'regulations.md § 5 (inactivity: 2005 § 9.23a–c, 2010 § 7.23a–c, 2014 § 7.23a–b)',
  'regulations.md § 5 (2005 § 9.22, 2010 § 7.22, 2014 § 7.22)',
  'regulations.md § 1 (2024 rapid and blitz)',
  'PD from table 8.1b as printed, never the logistic formula',
  ...[10, 15, 20, 25, 30, 40].flatMap((k) => [`K ${k}: normal`, `K ${k}: normal (games so far unknown: treated as established)`]),
  'K 10: published rating reached 2400 or more',
  'K 10: rated 2400 or more',
  'K 10: rated 2400 or more with 30 games',
  'no event counts towards a first rating',
  'late tournament: rated now with the ratings of the list in force at its start (regulations.md § 5)',
  'delisted on the base list: now treated as any unrated player',
  'no rated player took part: no tournament average, no event rating',
  'round robin with unplayed games: rated as a Swiss tournament',
  'fide-2005',
  'fide-2010',
  'fide-2014',
  'fide-2017',
  'fide-2022',
  'fide-2024'
]

/** Each string of STRINGS_V2 by its index. */
export const STRING_IDS = new Map(STRINGS_V2.map((x, i) => [x, i]))

/** Version 1's shapes (index = shape id): the key lists of the objects generateList and the list writer build. */
export const SHAPES_V1: readonly (readonly string[])[] = [
  // 0 CalculationSheet
  ['playerId', 'listDate', 'edition', 'base', 'tournaments', 'periodGames', 'changeExact', 'change', 'compression', 'firstRating', 'rating', 'status', 'flags', 'kNext', 'notes'],
  // 1 the sheet's base line
  ['listId', 'rating', 'k', 'status', 'flags'],
  // 2 SheetTournament
  ['tournamentId', 'name', 'start', 'end', 'edition', 'system', 'late', 'slice', 'rating', 'ratingListId', 'n', 'w', 'we', 'chg', 'k', 'kChg', 'event', 'games', 'notes'],
  // 3 SheetGame
  ['round', 'opponentId', 'opponentRating', 'opponentListId', 'score', 'counted', 'notCounted', 'ratingUsed', 'capped', 'd', 'pd', 'chg', 'note'],
  // 4 Note
  ['ref', 'text'],
  // 5 kNext
  ['k', 'note'],
  // 6 MonthSlice
  ['month', 'rounds', 'last'],
  // 7 an unrated player's event figures
  ['ra', 'ru', 'n', 'w'],
  // 8 compression
  ['before', 'after', 'ref']
]
