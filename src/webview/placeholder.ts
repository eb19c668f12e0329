// A placeholder in rendered HTML, `<span data-placeholder-for="K">`, stands for the node drawn at
// its place if that node's data-key is K: morph leaves that node as it is, unread. A render that
// knows part of it is drawn already saves parsing and comparing that part again. Only our own
// renderer writes these attributes: answer text cannot, because Markdown's raw HTML is never
// rendered (renderMarkdown).

export const PLACEHOLDER_FOR = 'data-placeholder-for';
export const KEY = 'data-key';
