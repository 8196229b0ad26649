// The Electron security policy: window preferences, which URLs are the app's own, which arguments are reports.
import { describe, expect, it } from 'vitest'
import { isAllowedExternal, isAppUrl, reportPathsFromArgv, secureWebPreferences } from '../../../src/main/shell/security'

describe('Electron security policy', () => {
  it('sandboxes every window, isolates its context and gives it no Node', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs')
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInWorker: false, webSecurity: true, webviewTag: false, allowRunningInsecureContent: false })
  })

  it('accepts only the built renderer file, or the dev server origin', () => {
    const entry = 'file:///opt/Rating%20Office/resources/app.asar/out/renderer/index.html'
    expect(isAppUrl('file:///opt/Rating%20Office/resources/app.asar/out/renderer/index.html#/players', entry)).toBe(true)
    expect(isAppUrl('file:///etc/passwd', entry)).toBe(false)
    expect(isAppUrl('https://evil.example/', entry)).toBe(false)
    expect(isAppUrl('http://localhost:5173/#/lists', 'http://localhost:5173/')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
    expect(isAppUrl('not a url', entry)).toBe(false)
  })

  it('picks tournament reports out of the command line', () => {
    expect(reportPathsFromArgv(['--inspect', '/home/o/open.trf', 'C:\\t\\CH2025.TRF', 'notes.pdf', '/x/krause.txt'])).toEqual(['/home/o/open.trf', 'C:\\t\\CH2025.TRF', '/x/krause.txt'])
  })

  it('hands only https links to allow-listed FIDE hosts to the browser', () => {
    expect(isAllowedExternal('https://handbook.fide.com/chapter/B022024')).toBe(true)
    expect(isAllowedExternal('https://ratings.fide.com/profile/1503014')).toBe(true)
    expect(isAllowedExternal('http://handbook.fide.com/')).toBe(false)
    expect(isAllowedExternal('https://handbook.fide.com.evil.example/')).toBe(false)
    expect(isAllowedExternal('https://user:pw@handbook.fide.com/')).toBe(false)
    expect(isAllowedExternal('https://handbook.fide.com:8443/')).toBe(false)
    expect(isAllowedExternal('javascript:alert(1)')).toBe(false)
    expect(isAllowedExternal('not a url')).toBe(false)
  })
})
