// The user guide's Markdown (docs/guide.*.md, written by the project) as HTML for the Help screen: headings,
// paragraphs, lists, tables, images, fenced code, bold, italic, inline code and links — the subset the guide uses.
// Everything is escaped first, so the guide's text can never become markup of its own.

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Inline marks on escaped text; `image(src)` gives the URL of a picture the guide names. */
function inline(text: string, image: (src: string) => string | null, link: (href: string) => string): string {
  const codes: string[] = []
  let s = escape(text).replace(/`([^`]+)`/g, (_, c: string) => `\uE000${codes.push(c) - 1}\uE000`)
  s = s.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_, alt: string, src: string) => {
    const url = image(src)
    return url ? `<img src="${url}" alt="${alt}" loading="lazy">` : alt
  })
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => `<a href="${link(href)}">${label}</a>`)
  s = s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/(^|[^*\w])\*([^*]+)\*(?!\w)/g, '$1<em>$2</em>')
  return s.replace(/\uE000(\d+)\uE000/g, (_, i: string) => `<code>${codes[Number(i)]}</code>`)
}

export interface MarkdownOptions {
  image?: (src: string) => string | null
  link?: (href: string) => string
}

export function markdownToHtml(md: string, opts: MarkdownOptions = {}): string {
  const image = opts.image ?? ((src: string) => src)
  const link = opts.link ?? ((href: string) => href)
  const lines = md.replace(/\r\n/g, '\n').split('\n')
  const out: string[] = []
  let i = 0
  const isBlockStart = (l: string) => /^(#{1,6} |```|\s*- |\|)/.test(l) || l.trim() === ''
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === '') {
      i++
    } else if (line.startsWith('```')) {
      const code: string[] = []
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) code.push(lines[i]!)
      i++
      out.push(`<pre><code>${escape(code.join('\n'))}</code></pre>`)
    } else if (/^#{1,6} /.test(line)) {
      const level = /^#+/.exec(line)![0].length
      out.push(`<h${level}>${inline(line.slice(level + 1), image, link)}</h${level}>`)
      i++
    } else if (/^\s*- /.test(line)) {
      const items: string[] = []
      while (i < lines.length && /^\s*- /.test(lines[i]!)) {
        let item = lines[i]!.replace(/^\s*- /, '')
        for (i++; i < lines.length && /^\s{2,}\S/.test(lines[i]!) && !/^\s*- /.test(lines[i]!); i++) item += ' ' + lines[i]!.trim()
        items.push(`<li>${inline(item, image, link)}</li>`)
      }
      out.push(`<ul>${items.join('')}</ul>`)
    } else if (line.startsWith('|')) {
      const rows: string[][] = []
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(lines[i]!.replace(/^\||\|$/g, '').split('|').map((c) => c.trim()))
      const [head, , ...body] = rows
      const cells = (r: string[], tag: string) => r.map((c) => `<${tag}>${inline(c, image, link)}</${tag}>`).join('')
      out.push(`<table><thead><tr>${cells(head ?? [], 'th')}</tr></thead><tbody>${body.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody></table>`)
    } else {
      const para: string[] = []
      for (; i < lines.length && !isBlockStart(lines[i]!); i++) para.push(lines[i]!.trim())
      out.push(`<p>${inline(para.join(' '), image, link)}</p>`)
    }
  }
  return out.join('\n')
}
