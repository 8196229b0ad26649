// Repairs the few places where Naive UI's own markup is not accessible and no prop reaches it, in one place rather than
// in every screen: a card's title is role="heading" without a level (twice, nested); a drawer or dialog has no name; a scrolling area with nothing
// focusable inside (a virtual list, a scrollbar container) cannot be scrolled from the keyboard; a form item's label is
// not tied to its field; a select's box is a bare focusable <div>; and an aria-label given to an input, a select or a
// date picker lands on the wrapper <div>, not on the field a screen reader announces; a tab bar's tabs are bare <div>s
// the keyboard cannot reach, nor a table row's expand chevron (a bare <div> too). Screens name their fields with
// :aria-label="t(...)" on the Naive component (or through its form item's label); this moves the name where it counts, and makes every tab bar WAI-ARIA's tabs pattern.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

import { i18n } from '@renderer/i18n'

let ids = 0

/** Writes an attribute only when it differs: a pass that finds everything in place changes nothing. */
function set(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value)
}
/** A select's focusable box: the selection itself (a multiple select) or its label (a single one, Naive 2.4x). */
const BOX = '.n-base-selection[tabindex="0"], .n-base-selection-label[tabindex="0"]'
const FIELD = `input:not([type="hidden"]), textarea, ${BOX}, [role="switch"], [role="checkbox"], [role="slider"]`

/** The control that carries a field's name: the select's box (a combobox) unless it filters with an input. */
function nameTarget(wrapper: Element): HTMLElement | null {
  // a filtering select's input sits at tabindex -1 until the box is focused: it is still the field announced
  const input = wrapper.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')
  if (input) return input
  const box = wrapper.querySelector<HTMLElement>(BOX)
  if (box) {
    set(box, 'role', 'combobox')
    set(box, 'aria-haspopup', 'listbox')
    set(box, 'aria-expanded', String((box.closest('.n-base-selection') ?? box).classList.contains('n-base-selection--active')))
  }
  return box
}

function repairFields(root: ParentNode): void {
  // a name given on the component's wrapper goes to its field
  for (const w of root.querySelectorAll<HTMLElement>('.n-input[aria-label], .n-input-number[aria-label], .n-select[aria-label], .n-date-picker[aria-label]')) {
    const target = nameTarget(w)
    if (!target) continue
    target.setAttribute('aria-label', w.getAttribute('aria-label')!)
    w.removeAttribute('aria-label')
  }
  // a form item's label names its field
  for (const item of root.querySelectorAll<HTMLElement>('.n-form-item')) {
    const label = item.querySelector<HTMLElement>(':scope > .n-form-item-label')
    const text = label?.textContent?.replace(/[*\s]+$/, '').trim()
    if (!label || !text) continue
    label.id ||= `field-label-${++ids}`
    const blank = item.querySelector<HTMLElement>(':scope > .n-form-item-blank')
    const field = blank && (blank.querySelector('.n-select, .n-input, .n-input-number, .n-date-picker') ? nameTarget(blank) : blank.querySelector<HTMLElement>(FIELD))
    // Naive points a checkbox's aria-labelledby at its own label, absent when the form item gives the text
    const named = field && (field.hasAttribute('aria-label') || (field.hasAttribute('aria-labelledby') && document.getElementById(field.getAttribute('aria-labelledby')!)))
    if (field && !named) field.setAttribute('aria-labelledby', label.id)
  }
  // every other select's box is still a combobox
  // (a single select's label box is made a combobox only where a name reaches it, above: unnamed, axe would count it)
  for (const box of root.querySelectorAll<HTMLElement>('.n-base-selection[tabindex="0"]:not([role])')) nameTarget(box.parentElement ?? box)
}

/** The tabs of one Naive tab bar, in order (not those of a bar nested in one of its panes). */
function tabsOf(bar: Element): HTMLElement[] {
  return [...bar.querySelectorAll<HTMLElement>('.n-tabs-tab:not(.n-tabs-tab--addable)')].filter((tab) => tab.closest('.n-tabs') === bar)
}

/** Naive's tab bar as WAI-ARIA's tabs: a tablist of tabs, the selected one alone in the Tab order (a roving tabindex,
 *  the arrow keys move among them: `tabKey`), and the pane shown labelled by its tab. */
function repairTabs(root: ParentNode): void {
  for (const bar of root.querySelectorAll<HTMLElement>('.n-tabs')) {
    const tabs = tabsOf(bar)
    const list = tabs[0]?.closest('.n-tabs-wrapper')
    if (!list) continue
    set(list, 'role', 'tablist')
    const selected = tabs.find((tab) => tab.classList.contains('n-tabs-tab--active')) ?? null
    // the one tab the Tab key reaches: the selected one, else the first (a bar whose value names no tab)
    const stop = selected ?? tabs.find((tab) => !tab.hasAttribute('data-disabled')) ?? tabs[0]!
    for (const tab of tabs) {
      tab.id ||= `tab-${++ids}`
      const wrapper = tab.parentElement
      if (wrapper?.classList.contains('n-tabs-tab-wrapper')) set(wrapper, 'role', 'none')
      set(tab, 'role', 'tab')
      set(tab, 'aria-selected', String(tab === selected))
      set(tab, 'tabindex', tab === stop ? '0' : '-1')
      if (tab.hasAttribute('data-disabled')) set(tab, 'aria-disabled', 'true')
    }
    const pane = [...bar.querySelectorAll<HTMLElement>('.n-tab-pane')].find((p) => p.closest('.n-tabs') === bar && p.style.display !== 'none')
    if (pane && selected) {
      set(pane, 'role', 'tabpanel')
      set(pane, 'aria-labelledby', selected.id)
      pane.id ||= `tabpanel-${++ids}`
      set(selected, 'aria-controls', pane.id)
    }
  }
}

/** The tab a key moves to among `count` tabs from `index` (WAI-ARIA tabs: arrows wrap round, Home and End), or null. */
export function tabKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null
  if (key === 'ArrowRight') return (index + 1) % count
  if (key === 'ArrowLeft') return (index - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

/** A key pressed on a Naive control that only a click works (a tab, a row's expand chevron): Enter and Space click
 *  the focused one; on a tab the arrows, Home and End move the focus to another tab and show it (automatic
 *  activation, a pane shows at once). */
function onKeydown(e: KeyboardEvent): void {
  const el = e.target instanceof HTMLElement ? e.target : null
  const tab = el?.getAttribute('role') === 'tab' ? el : null
  const clickable = tab ?? (el?.classList.contains('n-data-table-expand-trigger') ? el : null)
  if (!clickable || e.altKey || e.ctrlKey || e.metaKey) return
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault()
    clickable.click()
    return
  }
  const bar = tab?.closest('.n-tabs')
  if (!tab || !bar) return
  const tabs = tabsOf(bar).filter((t) => !t.hasAttribute('data-disabled'))
  const next = tabKey(e.key, tabs.indexOf(tab), tabs.length)
  if (next === null) return
  e.preventDefault()
  const target = tabs[next]!
  // selected and in the Tab order before it takes the focus, so a screen reader announces it selected (the repair
  // pass after Naive's own update would come a frame later)
  for (const t of tabs) {
    set(t, 'tabindex', t === target ? '0' : '-1')
    set(t, 'aria-selected', String(t === target))
  }
  target.focus()
  target.click()
}

/** A table row's expand chevron (Naive's trigger is a <div> that only a click opens): a button the Tab key reaches,
 *  named, saying whether the row is open; Enter and Space open it (onKeydown). */
function repairExpandTriggers(root: ParentNode): void {
  const name = i18n.global.t('common.rowDetails')
  for (const trigger of root.querySelectorAll<HTMLElement>('.n-data-table-expand-trigger')) {
    set(trigger, 'role', 'button')
    set(trigger, 'tabindex', '0')
    set(trigger, 'aria-label', name)
    set(trigger, 'aria-expanded', String(trigger.classList.contains('n-data-table-expand-trigger--expanded')))
  }
}

/** One pass over `root`: cheap (a few selector queries), run after each batch of DOM changes. */
export function repairNaiveMarkup(root: ParentNode): void {
  // Naive's card header: <div role="heading"><div role="heading">title</div>…</div>. The outer one is a layout box;
  // the inner one is the title, a level below the page's <h1>.
  for (const el of root.querySelectorAll<HTMLElement>('.n-card-header[role="heading"]')) el.setAttribute('role', 'none')
  for (const el of root.querySelectorAll<HTMLElement>('[role="heading"]:not([aria-level])')) el.setAttribute('aria-level', '2')
  repairFields(root)
  repairTabs(root)
  repairExpandTriggers(root)
  // a drawer or a dialog is named by its own title
  for (const dialog of root.querySelectorAll<HTMLElement>('[role="dialog"]:not([aria-label]):not([aria-labelledby])')) {
    const title = dialog.querySelector<HTMLElement>('.n-drawer-header__main, .n-dialog__title, .n-card-header__main')
    if (!title) continue
    title.id ||= `dialog-title-${++ids}`
    dialog.setAttribute('aria-labelledby', title.id)
  }
  // a number field's − and + buttons are icons only
  for (const field of root.querySelectorAll<HTMLElement>('.n-input-number')) {
    const buttons = field.querySelectorAll<HTMLButtonElement>('button')
    if (buttons.length !== 2) continue
    const [less, more] = [i18n.global.t('common.decrease'), i18n.global.t('common.increase')]
    set(buttons[0]!, 'aria-label', less)
    set(buttons[1]!, 'aria-label', more)
  }
  // a scrolling area the keyboard could not reach: it takes the focus itself (arrow keys then scroll it)
  for (const el of root.querySelectorAll<HTMLElement>('.v-vl, .n-scrollbar-container, .n-data-table-base-table-body, pre')) {
    const scrolls = el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth
    const reachable = el.hasAttribute('tabindex') || el.querySelector(FOCUSABLE) !== null
    if (scrolls && !reachable) el.setAttribute('tabindex', '0')
    else if (!scrolls && el.getAttribute('tabindex') === '0' && el.dataset.a11yScroll === '1') el.removeAttribute('tabindex')
    if (el.getAttribute('tabindex') === '0' && el.dataset.a11yScroll !== '1') el.dataset.a11yScroll = '1'
  }
}

/** Keeps the document repaired as screens render (one pass per batch of changes, after the DOM settled). */
export function watchNaiveMarkup(root: HTMLElement = document.body): MutationObserver {
  let queued = false
  const run = () => {
    queued = false
    repairNaiveMarkup(root)
  }
  const observer = new MutationObserver((records) => {
    // a class change matters only on a select's box (opened or closed), a tab (selected) or a row's chevron (opened); hovering the rest changes
    // classes all the time
    const relevant = records.some((r) => r.type !== 'attributes' || r.attributeName !== 'class' || (r.target as Element).classList.contains('n-base-selection') || (r.target as Element).classList.contains('n-tabs-tab') || (r.target as Element).classList.contains('n-data-table-expand-trigger'))
    if (queued || !relevant) return
    queued = true
    requestAnimationFrame(run)
  })
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label', 'class'] })
  root.addEventListener('keydown', onKeydown)
  run()
  return observer
}
