// Handlers of files coming in: the desktop app's open dialog gives a handle (uploads come through the HTTP host).
import type { HandlersOf } from './dispatch'
import { UserError } from '../util/errors'

export const filesHandlers: HandlersOf<'files'> = {
  'files:open': async (input, ctx) => {
    if (!ctx.chooseOpenFile) throw new UserError('files.noOpenDialog', { host: ctx.host })
    const path = await ctx.chooseOpenFile(input.kind)
    return path === null ? null : ctx.uploads.register(path, input.kind)
  }
}
