// The user guide's Markdown (docs/guide.*.md) as HTML for the Help screen, through marked (CommonMark + GFM tables).
// Safe by configuration: raw HTML written in the Markdown is shown as text, never markup; pictures come only from the
// resolver (the guide's own screenshots, bundled), links only to the app's routes, relative files or http(s)/mailto.
import { Marked, type Tokens } from 'marked'

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** A link target the guide may use: the app's own routes (#/…), a relative file, or http(s) and mailto. */
export function safeHref(href: string): string | null {
  const h = href.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(h)) return /^(https?|mailto):/i.test(h) ? h : null
  return h
}

export interface MarkdownOptions {
  /** The URL of a picture the guide names, or null: the picture is not bundled (its text is shown instead). */
  image?: (src: string) => string | null
  /** Where a link goes (the guides link to each other by file name). */
  link?: (href: string) => string
}

export function markdownToHtml(md: string, opts: MarkdownOptions = {}): string {
  const image = opts.image ?? ((src: string) => src)
  const link = opts.link ?? ((href: string) => href)
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escape(text),
      image: ({ href, text }: Tokens.Image) => {
        const url = image(href)
        return url ? `<img src="${escape(url)}" alt="${escape(text)}" loading="lazy">` : escape(text)
      },
      link(token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens)
        const href = safeHref(link(token.href))
        return href === null ? inner : `<a href="${escape(href)}">${inner}</a>`
      }
    }
  })
  return marked.parse(md.replace(/\r\n/g, '\n')) as string
}
