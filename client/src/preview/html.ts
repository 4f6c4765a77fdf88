/**
 * The preview's HTML page: a strict Content-Security-Policy (nothing by default; scripts only
 * with this page's nonce; styles and images only from the extension's files, images also as
 * data: URIs), one stylesheet and one script, both bundled from media/preview/ into dist/.
 * No inline script, no inline style, no inline event handler. Pure, so tests build the very
 * page the extension shows.
 */

export interface PreviewPageOptions {
  /** webview.cspSource: the origin the webview serves the extension's files from. */
  readonly cspSource: string;
  /** A fresh random value for each page. */
  readonly nonce: string;
  /** webview.asWebviewUri of dist/preview.js and dist/preview.css. */
  readonly scriptUri: string;
  readonly styleUri: string;
  /** The page language (`en`, `zh-cn`), for fonts and screen readers. */
  readonly lang: string;
  readonly title: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function previewHtml(options: PreviewPageOptions): string {
  const csp = escapeHtml(contentSecurityPolicy(options.cspSource, options.nonce));
  return `<!DOCTYPE html>
<html lang="${escapeHtml(options.lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(options.styleUri)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<div id="root"></div>
<script nonce="${escapeHtml(options.nonce)}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>
`;
}

/** A nonce from 16 random bytes (the caller passes them: node's crypto in the extension). */
export function nonceFrom(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
