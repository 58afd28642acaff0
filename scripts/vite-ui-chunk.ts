/**
 * The UI library's modules (react-bootstrap and what it builds on) in one chunk: every screen
 * uses some, and split by Rolldown's default they came as many small shared chunks, each one
 * more request on a phone's first visit (issue 11: /login 23 → 19 requests, LCP ~0.1 s earlier;
 * docs/performance.md). Used by vite.config.ts and by bench:web's framework floors.
 */
export const uiChunkGroup = {
  name: "ui",
  test: /node_modules[\\/](react-bootstrap|@restart|dom-helpers|react-transition-group|uncontrollable|prop-types|warning|invariant|classnames|@popperjs)[\\/]/,
};
