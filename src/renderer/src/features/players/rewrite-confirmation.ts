// The officer's word before a merge (or its undo) writes a sealed period's archive file anew: the refusal's own
// message says which list and file, and what happens; the dialog confirms it, and the same action runs again with
// `rewriteSealed` (a job: every other action waits, its progress in the job bar). Cancel keeps everything as it was.
import { useI18n } from 'vue-i18n'
import { useDialog, useMessage } from 'naive-ui'
import { useDialogFocus } from '@renderer/util/dialog-focus'
import type { SealedOutcome } from './store'

export function useRewriteConfirmation(): (what: 'merge' | 'undo', explanation: string, run: () => Promise<SealedOutcome | null>, done: () => Promise<void>) => void {
  const { t } = useI18n()
  const dialog = useDialog()
  const message = useMessage()
  const focus = useDialogFocus()
  return (what, explanation, run, done) => {
    focus.remember()
    dialog.warning({
      title: t(`players.sealed.${what}Title`),
      content: explanation,
      positiveText: t(`players.sealed.${what}`),
      negativeText: t('common.cancel'),
      onAfterLeave: () => focus.restore(),
      onPositiveClick: async () => {
        const failure = await run()
        if (failure) {
          message.error(failure.message, { duration: 10_000 })
          return false
        }
        await done()
        return true
      }
    })
  }
}
