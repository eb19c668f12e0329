// 7. How much of a model's context each tool's answer takes, for typical calls against the
// emulator's documentation (issue 47): a search of 5, 10 and 50 results (characters per result),
// a page (characters per page, its largest too), an answer of the assistant; each next to what the
// platform sent for it, and to the cap that keeps every answer within a small share of a context.

import { ChatSession } from '../src/chat/chatSession';
import { Conversation } from '../src/chat/conversation';
import { PlatformClient } from '../src/platform/client';
import { plainNodeTransport } from '../src/network/routedTransport';
import { pagePathFromInput } from '../src/pages/pagePath';
import { askText } from '../src/tools/askText';
import { MAX_SEARCH_TEXT, MAX_TOOL_RESULT, pageText, searchText } from '../src/tools/toolText';
import { MAX_PAGE_TEXT } from '../src/tools/pageParts';
import { PlatformEmulator } from '../test/emulator/emulator';
import { ratio, type Row } from './measure';

const QUERIES = ['agent jobs pull request', 'assistant key', 'settings', 'chat thread'];

const chars = (count: number) => `${Math.round(count).toLocaleString('en-US')} chars`;

export async function benchToolAnswers(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const emulator = await PlatformEmulator.start({ searchDelayMs: 0 });
  const client = new PlatformClient({
    baseUrl: emulator.url,
    transport: plainNodeTransport,
    keys: async (kind) => (kind === 'adminKey' ? emulator.config.adminKey : emulator.config.assistantKey),
  });
  const rows: Row[] = [];
  try {
    const { domain } = emulator.config;
    for (const pageSize of [5, 10, 50]) {
      let answer = 0;
      let sent = 0;
      let results = 0;
      for (const query of QUERIES) {
        const found = await client.discovery.search(domain, query, { pageSize });
        if (!found.ok) throw new Error(found.error.message);
        const withPaths = found.value.map((result) => {
          const parsed = pagePathFromInput(result.target);
          return { ...result, pagePath: parsed.ok ? parsed.value : result.target };
        });
        answer += searchText({ query, domain, filter: null, pageSize }, withPaths).length;
        sent += JSON.stringify(found.value).length;
        results += found.value.length;
      }
      log(`search, up to ${pageSize}: ${results} results, ${answer} characters of answers, ${sent} sent by the platform`);
      rows.push({
        measure: `Tool answer: search, up to ${pageSize} results (per result; the platform's JSON as baseline)`,
        ours: `${chars(answer / QUERIES.length)} (${chars(answer / Math.max(1, results))} a result)`,
        baseline: chars(sent / QUERIES.length),
        ratio: ratio(answer / Math.max(1, sent)),
        goal: `≤ ${chars(MAX_SEARCH_TEXT + 1_000)} an answer`,
        met: answer / QUERIES.length <= MAX_SEARCH_TEXT + 1_000,
      });
    }
    const pages = emulator.docs.all();
    let total = 0;
    let largest = 0;
    let content = 0;
    for (const page of pages) {
      const read = await client.discovery.page(domain, page.path);
      if (!read.ok) throw new Error(read.error.message);
      const size = pageText(read.value).length;
      total += size;
      largest = Math.max(largest, size);
      content += read.value.content.length;
    }
    rows.push({
      measure: `Tool answer: a page (per page, over the ${pages.length} pages; their text as baseline)`,
      ours: `${chars(total / pages.length)} (largest ${chars(largest)})`,
      baseline: chars(content / pages.length),
      ratio: ratio(total / content),
      // A part of a page, its framing and, for a page read in parts, its headings' list.
      goal: `≤ ${chars(MAX_PAGE_TEXT + 3_000)} a page`,
      met: largest <= MAX_PAGE_TEXT + 3_000,
    });
    // The tool's own session: the answer and its pages as the tool reads them.
    let streamed = 0;
    const question = 'How do agent jobs open a pull request?';
    const session = new ChatSession({
      conversation: new Conversation(),
      send: (_origin, request, options) =>
        client.discovery.ask(request, {
          ...options,
          observer: {
            ...options.observer,
            onChunk: (chunk, message) => {
              streamed += JSON.stringify(chunk).length;
              options.observer?.onChunk?.(chunk, message);
            },
          },
        }),
      settings: () => ({ origin: new URL(emulator.url).origin, domain, fingerprint: 'anonymous', retrievalPageSize: 5, filter: null }),
      newId: () => globalThis.crypto.randomUUID(),
      save: () => {},
    });
    const turn = await session.ask(question);
    session.dispose();
    if (turn?.status !== 'done') throw new Error(turn?.error?.message ?? 'no answer');
    const text = askText({
      question,
      domain,
      filter: null,
      answer: turn.answer,
      sources: turn.sources,
      conversation: 'docs-conversation-1',
    });
    rows.push({
      measure: "Tool answer: the assistant's answer to a question (its stream's chunks as baseline)",
      ours: chars(text.length),
      baseline: chars(streamed),
      ratio: ratio(text.length / streamed),
      goal: `≤ ${chars(MAX_TOOL_RESULT)} an answer`,
      met: text.length <= MAX_TOOL_RESULT,
    });
  } finally {
    await client.dispose();
    await emulator.close();
  }
  return { rows };
}
