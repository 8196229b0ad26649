// Where the keyboard's focus goes when a dialog closes: back to the control that opened it (Naive's modal does so when
// that control is still there), or, when the decision took it away (a decided finding's buttons, a disabled Approve, a
// selection's bar), to the control that replaced it, else to the screen's top, never lost on <body>.

/** A control the focus can go back to: still in the page, enabled and shown. */
function usable(el: HTMLElement | null | undefined): el is HTMLElement {
  return !!el && el.isConnected && !el.matches(':disabled') && el.getClientRects().length > 0
}

export interface DialogFocus {
  /** Called as a dialog opens: the focused control is its opener. */
  remember(): void
  /** Called once the dialog has closed (its after-leave): the opener if usable, else `fallback()`, else the screen. */
  restore(fallback?: () => HTMLElement | null | undefined): void
}

export function useDialogFocus(): DialogFocus {
  let opener: HTMLElement | null = null
  return {
    remember() {
      opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    },
    restore(fallback) {
      const candidates = [opener, fallback?.(), document.getElementById('main-content')]
      opener = null
      const target = candidates.find(usable)
      if (target && document.activeElement !== target) target.focus()
    }
  }
}
