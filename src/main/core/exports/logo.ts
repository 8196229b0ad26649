// Checks a federation logo before it is stored: a PNG or JPEG by its first bytes, within the size limit, and
// readable by the PDF library that prints it (a damaged image is refused now, not at the first export).
import { LOGO_MAX_BYTES, type Logo } from '../../../shared/contract/system'
import { UserError } from '../util/errors'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG = Buffer.from([0xff, 0xd8, 0xff])

/** The image's type by its signature, or null. */
export function logoType(data: Buffer): Logo['mediaType'] | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'image/png'
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg'
  return null
}

export async function checkLogo(data: Buffer): Promise<Logo['mediaType']> {
  if (data.length === 0) throw new UserError('settings.logoEmpty')
  if (data.length > LOGO_MAX_BYTES) throw new UserError('settings.logoTooLarge', { kb: Math.ceil(data.length / 1024), max: LOGO_MAX_BYTES / 1024 })
  const type = logoType(data)
  if (!type) throw new UserError('settings.logoNotImage')
  // pdfkit loads here, on the first logo, not with every host (as for the first PDF)
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({ size: 'A4' })
  try {
    doc.image(data, 0, 0, { fit: [48, 48] })
  } catch (e) {
    throw new UserError('settings.logoUnreadable', { reason: (e as Error).message })
  } finally {
    doc.end()
  }
  return type
}
