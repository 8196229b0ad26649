// Files coming in from the UI: the renderer never names a path of the machine. The desktop app's own open dialog
// (files:open) or a browser upload (POST /api/upload/<kind>) gives an opaque handle; calls that read a file take it.
import { z } from 'zod'
import { call } from './define'
import { uploadKinds } from './plain'

export { uploadKinds, uploadUrl } from './plain'
export const uploadKind = z.enum(uploadKinds)
export type UploadKind = z.infer<typeof uploadKind>

/**
 * Largest upload per kind (bytes). A FIDE list unpacked is about 1 GB (the XML of all players); a national list is a
 * spreadsheet of a federation's players. Tournament reports travel inside their calls (tournaments:import).
 */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  'fide-list': 1536 * 1024 * 1024,
  'national-list': 100 * 1024 * 1024
}

/** What the open dialog of each kind offers (extensions without the dot). */
export const UPLOAD_EXTENSIONS: Readonly<Record<UploadKind, readonly string[]>> = {
  'fide-list': ['txt', 'xml'],
  'national-list': ['csv', 'txt', 'xlsx']
}

/** 128 random bits minted by the main process: a client cannot guess another's, nor name a file with it. */
export const uploadHandle = z.string().regex(/^up-[0-9a-f]{32}$/, 'expected a file handle given by the open dialog or an upload')

export const uploadedFileSchema = z.object({ handle: z.string(), kind: uploadKind, fileName: z.string(), bytes: z.number() })
export type UploadedFile = z.infer<typeof uploadedFileSchema>

export const filesContract = {
  'files:open': call({
    summary: 'Desktop app: the officer chooses a file in the host’s open dialog; gives its handle (null when cancelled)',
    access: 'write',
    input: z.object({ kind: uploadKind }).strict(),
    output: uploadedFileSchema.nullable()
  })
}
