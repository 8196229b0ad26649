// The Help screen's Markdown through marked: the guide's blocks and marks become HTML, pictures and links go through
// the screen's resolvers, and markup written in the guide's text stays text.
import { describe, expect, it } from 'vitest'
import { markdownToHtml, safeHref } from '../../../../src/renderer/src/features/help/markdown'

describe('markdownToHtml', () => {
  it('renders headings, paragraphs over several lines, lists, tables and fenced code', () => {
    const html = markdownToHtml('# Title\n\nOne **bold** and *soft*\nline, `code`.\n\n- a\n- b with [link](guide.fr.md)\n\n| A | B |\n|---|---|\n| 1 | `x` |\n\n```sh\nnpx a <b>\n```\n')
    const flat = html.replace(/\n/g, '')
    expect(flat).toContain('<h1>Title</h1>')
    expect(flat).toContain('<p>One <strong>bold</strong> and <em>soft</em>line, <code>code</code>.</p>')
    expect(flat).toContain('<ul><li>a</li><li>b with <a href="guide.fr.md">link</a></li></ul>')
    expect(flat).toContain('<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td><code>x</code></td></tr></tbody></table>')
    expect(flat).toContain('<pre><code class="language-sh">npx a &lt;b&gt;</code></pre>')
  })

  it('maps images through the given resolver and escapes markup written in the text', () => {
    const html = markdownToHtml('![Home](screenshots/journey/01-home.png) <script>x</script>', { image: (src) => (src.endsWith('01-home.png') ? '/assets/01.png' : null) })
    expect(html.trim()).toBe('<p><img src="/assets/01.png" alt="Home" loading="lazy"> &lt;script&gt;x&lt;/script&gt;</p>')
    // a picture the screen does not bundle shows its text; a block of raw HTML stays text too
    expect(markdownToHtml('![Missing](x.png)', { image: () => null }).trim()).toBe('<p>Missing</p>')
    expect(markdownToHtml('<img src=x onerror="alert(1)">\n').trim()).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
  })

  it('follows links through the screen, and drops a script or data URL', () => {
    expect(markdownToHtml('[fr](guide.fr.md)', { link: (h) => (h === 'guide.fr.md' ? '#/help' : h) }).trim()).toBe('<p><a href="#/help">fr</a></p>')
    expect(markdownToHtml('[x](javascript:alert(1))').trim()).toBe('<p>x</p>')
    expect(safeHref('data:text/html,hi')).toBeNull()
    expect(safeHref('https://example.org/')).toBe('https://example.org/')
    expect(safeHref('#/lists')).toBe('#/lists')
  })
})
