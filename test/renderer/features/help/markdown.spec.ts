// The Help screen's Markdown: the guide's blocks and marks become HTML, and the guide's own text is escaped.
import { describe, expect, it } from 'vitest'
import { markdownToHtml } from '../../../../src/renderer/src/features/help/markdown'

describe('markdownToHtml', () => {
  it('renders headings, paragraphs over several lines, lists, tables and fenced code', () => {
    const html = markdownToHtml('# Title\n\nOne **bold** and *soft*\nline, `code`.\n\n- a\n- b with [link](guide.fr.md)\n\n| A | B |\n|---|---|\n| 1 | `x` |\n\n```sh\nnpx a <b>\n```\n')
    expect(html).toBe(
      [
        '<h1>Title</h1>',
        '<p>One <strong>bold</strong> and <em>soft</em> line, <code>code</code>.</p>',
        '<ul><li>a</li><li>b with <a href="guide.fr.md">link</a></li></ul>',
        '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td><code>x</code></td></tr></tbody></table>',
        '<pre><code>npx a &lt;b&gt;</code></pre>'
      ].join('\n')
    )
  })

  it('maps images through the given resolver and escapes markup written in the text', () => {
    const html = markdownToHtml('![Home](screenshots/journey/01-home.png) <script>x</script>', { image: (src) => (src.endsWith('01-home.png') ? '/assets/01.png' : null) })
    expect(html).toBe('<p><img src="/assets/01.png" alt="Home" loading="lazy"> &lt;script&gt;x&lt;/script&gt;</p>')
  })
})
