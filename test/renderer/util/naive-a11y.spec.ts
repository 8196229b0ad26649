// The keys of a tab bar (WAI-ARIA tabs): the arrows move to the next or previous tab and wrap round, Home and End go to
// the first and the last, any other key is left to the browser.
import { beforeAll, describe, expect, it } from 'vitest'
import { stubBrowser } from '../setup-browser'
import type * as A11y from '../../../src/renderer/src/util/naive-a11y'

let tabKey: typeof A11y.tabKey
beforeAll(async () => {
  stubBrowser()
  ;({ tabKey } = await import('../../../src/renderer/src/util/naive-a11y'))
})

describe('tabKey', () => {
  it('moves right and left among seven tabs, wrapping round at both ends', () => {
    expect(tabKey('ArrowRight', 2, 7)).toBe(3)
    expect(tabKey('ArrowRight', 6, 7)).toBe(0)
    expect(tabKey('ArrowLeft', 2, 7)).toBe(1)
    expect(tabKey('ArrowLeft', 0, 7)).toBe(6)
  })

  it('goes to the first tab on Home and the last on End', () => {
    expect(tabKey('Home', 5, 7)).toBe(0)
    expect(tabKey('End', 1, 7)).toBe(6)
  })

  it('leaves every other key alone, and a bar without tabs', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a']) expect(tabKey(key, 1, 7)).toBeNull()
    expect(tabKey('ArrowRight', 0, 0)).toBeNull()
  })
})
