// Calls of the tournaments domain: TRF preview and import, the tournament page, findings and decisions, player matching, export.
import { z } from 'zod'
import { call, idSchema, isoDate, ratingType } from './define'

/** What a corrected file changes in a tournament (tournaments/diff.ts): header fields, players added or removed by start
 *  rank, a player's fields, round entries ("opponent colour code"). A field's values are the TRF's, of any type. */
export const tournamentDiffSchema = z.object({
  summary: z.string(),
  header: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  playersAdded: z.array(z.number()),
  playersRemoved: z.array(z.number()),
  players: z.array(z.object({ startRank: z.number(), field: z.string(), before: z.unknown(), after: z.unknown() })),
  rounds: z.array(z.object({ startRank: z.number(), round: z.number(), before: z.string(), after: z.string() }))
})
export type TournamentDiff = z.infer<typeof tournamentDiffSchema>

export const tournamentStatus = z.enum(['imported', 'checked', 'approved', 'rejected', 'rated'])

/** A match's confidence (0 to 1) as the officer reads it, in whole percent: the finding and the players' table say the same. */
export function confidencePercent(confidence: number): number {
  return Math.round(confidence * 100)
}
export const findingLevel = z.enum(['error', 'warning', 'info'])
export const fileInput = z.object({ fileName: z.string().min(1).max(260), base64: z.string().max(70_000_000) }).strict()

export const findingSchema = z.object({
  level: findingLevel,
  code: z.string(),
  group: z.string(),
  fatal: z.boolean(),
  location: z.object({ file: z.string(), line: z.number().nullable(), column: z.number().nullable(), endColumn: z.number().nullable() }),
  found: z.string(),
  expected: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.object({ en: z.string(), fr: z.string() }).strict()])),
  message: z.string()
})

export const storedFindingSchema = z.object({
  id: z.number(),
  tournamentId: z.number(),
  fileId: z.number().nullable(),
  source: z.string(),
  level: findingLevel,
  code: z.string(),
  edition: z.string().nullable(),
  group: z.string(),
  startRank: z.number().nullable(),
  fileName: z.string().nullable(),
  line: z.number().nullable(),
  column: z.number().nullable(),
  endColumn: z.number().nullable(),
  found: z.string(),
  expected: z.string(),
  params: z.record(z.string(), z.unknown()),
  message: z.string(),
  active: z.boolean(),
  decision: z.enum(['accepted', 'rejected', 'overridden']).nullable(),
  decisionReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** What a regulation finding concerns: players by start rank, rounds, games (round + start rank of one side). */
  subject: z.object({ startRanks: z.array(z.number()).optional(), rounds: z.array(z.number()).optional(), games: z.array(z.object({ round: z.number(), startRank: z.number() })).optional() }).nullable(),
  paragraph: z.string().nullable(),
  /** The finding takes its games out of the rating while open or accepted. */
  excludesGames: z.boolean()
})
export type StoredFinding = z.infer<typeof storedFindingSchema>

const roundEntrySchema = z.object({ round: z.number(), opponent: z.number().nullable(), color: z.enum(['w', 'b']).nullable(), code: z.string() })
const crossPlayerSchema = z.object({
  startRank: z.number(),
  name: z.string(),
  fideId: z.string().nullable(),
  federation: z.string().nullable(),
  title: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  birth: z.string().nullable(),
  rating: z.number().nullable(),
  points: z.number().nullable(),
  rank: z.number().nullable(),
  rounds: z.array(roundEntrySchema)
})

const headerSummary = z.object({
  name: z.string().nullable(),
  city: z.string().nullable(),
  federation: z.string().nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  system: z.enum(['swiss', 'round-robin']),
  type: z.string().nullable(),
  ratingType: ratingType.nullable(),
  /** Where the rating type comes from: the 222 or 122 time control, the words of 092 or 012, the officer; null: not recorded. */
  ratingTypeSource: z.enum(['222', '122', '092', '012', 'officer']).nullable(),
  timeControl: z.string().nullable(),
  /** The time control in the reader's words ("90 min for 40 moves, then …"); null when it cannot be read. */
  timeControlWords: z.object({ en: z.string(), fr: z.string() }).nullable(),
  rounds: z.number(),
  declaredRounds: z.number().nullable(),
  roundDates: z.array(z.string().nullable()),
  arbiters: z.array(z.object({ role: z.enum(['chief', 'deputy']), name: z.string(), title: z.string().nullable(), fideId: z.string().nullable() }))
})

export const importSummarySchema = z.object({
  fileName: z.string(),
  outcome: z.enum(['imported', 'replaced', 'duplicate']),
  tournamentId: z.number(),
  fileId: z.number(),
  version: z.number(),
  sha256: z.string(),
  name: z.string().nullable(),
  startDate: z.string().nullable(),
  players: z.number(),
  rounds: z.number(),
  games: z.number(),
  findings: z.object({ error: z.number(), warning: z.number(), info: z.number() }),
  matched: z.object({ byFideId: z.number(), unknownId: z.number(), candidates: z.number(), unmatched: z.number() }),
  diff: tournamentDiffSchema.nullable()
})

/**
 * A file of an import, with its own facts: the day it reached the office (reports arrive on different days), and the
 * officer's confirmation that it replaces stored tournament `replaces` (its version `replacesVersion` when shown).
 */
const importFileInput = z
  .object({
    fileName: z.string().min(1).max(260),
    base64: z.string().max(70_000_000),
    receivedDate: isoDate.optional(),
    replaces: idSchema.optional(),
    replacesVersion: z.number().int().positive().optional()
  })
  .strict()

/** One side of a replacement: the stored version, or the file that would take its place. */
const replacementSide = z.object({
  fileName: z.string(),
  version: z.number(),
  rounds: z.number(),
  players: z.number(),
  games: z.number(),
  receivedDate: z.string().nullable(),
  lastRoundDate: z.string().nullable()
})

/** What replacing a stored tournament would change, and what the officer is told first (older, shorter, rated). */
export const replacementSchema = z.object({
  tournamentId: z.number(),
  name: z.string().nullable(),
  startDate: z.string().nullable(),
  status: z.string(),
  current: replacementSide,
  incoming: replacementSide,
  changes: z.object({ header: z.number(), playersAdded: z.number(), playersRemoved: z.number(), playerFields: z.number(), roundEntries: z.number() }),
  warnings: z.array(z.object({ code: z.enum(['older', 'receivedEarlier', 'fewerRounds', 'fewerPlayers', 'fewerGames', 'rated']), params: z.record(z.string(), z.union([z.string(), z.number()])), message: z.string() })),
  /** The changes in words (translated). */
  summary: z.string(),
  diff: tournamentDiffSchema
})
export type Replacement = z.infer<typeof replacementSchema>

/** The files of one import (the call's, and the `tournaments:import` job's: the UI's batch runs in the worker). */
export const importInputSchema = z
  .object({
    files: z.array(importFileInput).min(1).max(50),
    /** The one file given replaces this tournament (the officer named it: a confirmed replacement). */
    replaces: idSchema.optional(),
    /** The day the reports reached the office (deadlines count from it); today by default. */
    receivedDate: isoDate.optional(),
    /** Past seasons loaded into the archive: no deadline findings. */
    historical: z.boolean().optional()
  })
  .strict()

/**
 * Per file, in order: its import summary; or, stored nothing, a replacement held for the officer's confirmation
 * ('held') or set aside for a later report of the same tournament in the same import ('superseded'); or why it was
 * refused (with the located findings).
 */
export const importResultSchema = z.array(
  z.union([
    importSummarySchema.extend({ ok: z.literal(true), replacement: replacementSchema.nullable().optional() }),
    z.object({
      ok: z.literal(false),
      outcome: z.enum(['held', 'superseded']),
      fileName: z.string(),
      message: z.string(),
      findings: z.array(findingSchema),
      replacement: replacementSchema.nullable(),
      /** The file of the same import that goes forward instead ('superseded'). */
      supersededBy: z.string().nullable()
    }),
    z.object({ ok: z.literal(false), fileName: z.string(), message: z.string(), findings: z.array(findingSchema) })
  ])
)

/**
 * Which list a tournament belongs to (services/tournament-list.ts): 'rated', the published office list that rated it
 * (its last rounds), in the version in force of that date; 'due', the list it will go into; null: none (rejected).
 */
export const tournamentListSchema = z
  .discriminatedUnion('state', [
    z.object({ state: z.literal('rated'), listId: z.number(), listDate: z.string(), version: z.number() }),
    z.object({ state: z.literal('due'), listDate: z.string() })
  ])
  .nullable()
export type TournamentListRef = z.infer<typeof tournamentListSchema>

const tournamentRow = z.object({
  id: z.number(),
  name: z.string().nullable(),
  city: z.string().nullable(),
  federation: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  system: z.string(),
  ratingType: z.string().nullable(),
  status: tournamentStatus,
  players: z.number(),
  rounds: z.number(),
  errors: z.number(),
  warnings: z.number(),
  openDecisions: z.number(),
  importedAt: z.string(),
  list: tournamentListSchema
})

/** A report read without being stored (the call's answer, and its worker job's result in the desktop app and browser mode). */
export const reportPreviewSchema = z.object({
  fileName: z.string(),
  format: z.string(),
  encoding: z.string(),
  lineEnding: z.string(),
  sha256: z.string(),
  alreadyImported: z.number().nullable(),
  replaces: z.number().nullable(),
  importable: z.boolean(),
  header: headerSummary,
  players: z.array(crossPlayerSchema),
  findings: z.array(findingSchema)
})

export const tournamentsContract = {
  'tournaments:preview': call({
    summary: 'Read a TRF file without storing it: header, crosstable and findings with exact lines',
    // one report file, base64-encoded in the body
    maxBodyBytes: 96 * 1024 * 1024,
    access: 'read',
    input: fileInput,
    output: reportPreviewSchema
  }),
  'tournaments:import': call({
    summary: 'Import TRF files (each whole or not at all, one commit for the call); the same file twice is recognised; a file that would replace a stored tournament is held with its changes until confirmed (replaces), and of two files for one tournament the later report goes forward',
    // report files travel base64-encoded in the body: up to 50 reports of a few MB each
    maxBodyBytes: 256 * 1024 * 1024,
    access: 'write',
    input: importInputSchema,
    output: importResultSchema
  }),
  'tournaments:list': call({
    summary: 'Tournaments with their status, counts and open findings',
    access: 'read',
    archive: true,
    input: z.object({ status: tournamentStatus.optional(), search: z.string().max(100).optional(), limit: z.number().int().min(1).max(500).default(100), offset: z.number().int().min(0).default(0) }).strict(),
    output: z.object({ total: z.number(), rows: z.array(tournamentRow) })
  }),
  'tournaments:get': call({
    summary: 'One tournament: header, crosstable, players with their registry match, file history',
    access: 'read',
    archive: true,
    input: z.object({ id: idSchema }).strict(),
    output: z.object({
      id: z.number(),
      status: tournamentStatus,
      header: headerSummary,
      players: z.array(
        crossPlayerSchema.extend({
          id: z.number(),
          playerId: z.number().nullable(),
          matchStatus: z.string(),
          matchConfidence: z.number().nullable(),
          candidatePlayerId: z.number().nullable(),
          candidateName: z.string().nullable(),
          /** The registry record the proposal compares with (null: no proposal). */
          candidate: z.object({ fideId: z.number().nullable(), federation: z.string().nullable(), birth: z.string().nullable(), sex: z.string().nullable(), title: z.string().nullable() }).nullable()
        })
      ),
      teams: z.array(z.object({ name: z.string(), members: z.array(z.number()) })),
      files: z.array(z.object({ id: z.number(), version: z.number(), fileName: z.string(), sha256: z.string(), size: z.number(), format: z.string(), encoding: z.string(), lineEnding: z.string(), importedAt: z.string(), importedBy: z.string(), diff: tournamentDiffSchema.nullable() })),
      findings: z.object({ error: z.number(), warning: z.number(), info: z.number(), open: z.number() })
    })
  }),
  'tournaments:findings': call({
    summary: 'Findings of a tournament (validation dashboard), current file by default',
    access: 'read',
    input: z.object({ id: idSchema, level: findingLevel.optional(), includeEarlierFiles: z.boolean().default(false), undecidedOnly: z.boolean().default(false) }).strict(),
    output: z.array(storedFindingSchema)
  }),
  'tournaments:decideFinding': call({
    summary: 'Accept, reject or override a finding with a reason (recorded in the audit log)',
    access: 'write',
    input: z.object({ findingId: idSchema, decision: z.enum(['accepted', 'rejected', 'overridden']), reason: z.string().trim().min(3).max(2000), officer: z.string().max(100).optional() }).strict(),
    output: storedFindingSchema
  }),
  'tournaments:resolvePlayer': call({
    summary: 'Player matching: confirm the proposed registry player, link another, create a new player, or reject',
    access: 'write',
    input: z
      .object({
        tournamentPlayerId: idSchema,
        action: z.enum(['confirm', 'link', 'create', 'reject']),
        playerId: idSchema.optional(),
        reason: z.string().max(2000).optional(),
        officer: z.string().max(100).optional()
      })
      .strict(),
    output: z.object({ tournamentPlayerId: z.number(), matchStatus: z.string(), playerId: z.number().nullable() })
  }),
  'tournaments:export': call({
    summary: 'Write a tournament as TRF16 or TRF26 (FIDE upload)',
    access: 'read',
    input: z.object({ id: idSchema, format: z.enum(['trf16', 'trf26']) }).strict(),
    output: z.object({ fileName: z.string(), text: z.string(), warnings: z.array(z.string()) })
  }),
  'tournaments:file': call({
    summary: 'The original bytes of an imported file version (base64)',
    access: 'read',
    input: z.object({ fileId: idSchema }).strict(),
    output: z.object({ fileName: z.string(), sha256: z.string(), base64: z.string() })
  })
}
