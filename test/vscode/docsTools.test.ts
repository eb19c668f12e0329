// The documentation and the docs agent lent to VS Code's chat and agents (issue 47): every tool is
// listed, answers from the emulator through the extension's client, keys, cache and Agent Jobs view,
// each field a model gives reaches the request, and what is missing is said when not set up.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../until';
import { connectedSuite, connectTo, recordSurfaces } from './support';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('language model tools', () => {
  const suite = connectedSuite();

  it('are listed for VS Code chat and agents, with what a model needs to call them, tagged as one family', () => {
    const tools = vscode.lm.tools.filter((tool) => tool.name.startsWith('docsAssistant_'));
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'docsAssistant_ask',
      'docsAssistant_followUpAgentJob',
      'docsAssistant_previewBranch',
      'docsAssistant_readAgentJob',
      'docsAssistant_readPage',
      'docsAssistant_readReaderSignals',
      'docsAssistant_searchDocs',
      'docsAssistant_startAgentJob',
    ]);
    const required: Record<string, string[]> = {
      docsAssistant_searchDocs: ['query'],
      docsAssistant_readPage: ['path'],
      docsAssistant_ask: ['question'],
      docsAssistant_startAgentJob: ['instruction'],
      docsAssistant_readAgentJob: ['id'],
      docsAssistant_followUpAgentJob: ['id', 'instruction'],
      docsAssistant_readReaderSignals: ['kind'],
      docsAssistant_previewBranch: ['branch'],
    };
    for (const tool of tools) {
      assert.ok(tool.description.length > 100, `${tool.name} tells a model when to use it`);
      assert.deepEqual((tool.inputSchema as { required: string[] }).required, required[tool.name]);
      assert.ok(tool.tags.includes('docs-assistant'), `${tool.name} is tagged docs-assistant`);
    }
  });

  it('docsAssistant_searchDocs: a version, language, tag and count of the call’s own reach the request, and the answer says the scope (issue 47, item 1)', async () => {
    suite.emulator.docs.add('guides/reintentos', '<!-- language: es -->\n<!-- tags: api -->\n# Reintentos\n\nLos reintentos se limitan.\n');
    try {
      const text = await invoke('docsAssistant_searchDocs', { query: 'reintentos', version: 'v2', language: 'es', tag: 'api', count: 3 });
      assert.match(
        text,
        /^Results of a search of the "acme-docs" documentation for "reintentos", in version "v2", language "es", tag "api", asking for up to 3 follow/,
      );
      assert.match(text, /\n1\. title: "Reintentos"\n {3}path: "guides\/reintentos"\n/);
      assert.deepEqual(suite.emulator.requestsFor('search')[0]?.body, {
        query: 'reintentos',
        pageSize: 3,
        filter: { version: 'v2', language: 'es', tag: 'api' },
      });
      assert.match(await invoke('docsAssistant_searchDocs', { query: 'reintentos', language: 'fr' }), /^No page matches a search of/);
      assert.match(
        await invoke('docsAssistant_searchDocs', { query: 'keys', count: 99 }),
        /^The input was not used: count must be a whole number from 1 to 50\.$/,
      );
      assert.equal(suite.emulator.requestsFor('search').length, 2, 'a bad input sends nothing');
    } finally {
      suite.emulator.docs.remove('guides/reintentos');
    }
  });

  it('docsAssistant_ask: the answer with its pages, code as context, a scope, and a follow-up in the same thread through a handle (issue 47, item 2)', async () => {
    const first = await invoke('docsAssistant_ask', {
      question: 'How are retries capped?',
      code: 'export const retries = 3;',
      path: 'src/retry.ts',
      version: 'v2',
    });
    assert.match(
      first,
      /^The documentation assistant of the "acme-docs" documentation answered the question "How are retries capped\?", in version "v2"\./,
    );
    assert.match(first, /\nBEGIN ANSWER (DOCS-\w+)\nHere is what the documentation says about[\s\S]*\nEND ANSWER \1\nPages it drew on/);
    const handle = /call docsAssistant_ask again with conversation "(docs-conversation-[0-9a-f-]{36})"/.exec(first)?.[1];
    assert.ok(handle, first);
    const [asked] = suite.emulator.requestsFor('assistant');
    const body = asked?.body as { context?: unknown; filter?: unknown; threadId?: string };
    assert.deepEqual(body.context, [{ type: 'code', value: 'export const retries = 3;', path: 'src/retry.ts' }]);
    assert.deepEqual(body.filter, { version: 'v2' });
    assert.equal(body.threadId, undefined);
    const second = await invoke('docsAssistant_ask', { question: 'And per hour?', conversation: handle });
    assert.match(second, new RegExp(`conversation "${handle}"`));
    const followUp = suite.emulator.requestsFor('assistant')[1]?.body as { threadId?: string; threadKey?: string; messages: unknown[] };
    assert.match(String(followUp.threadId), /^thread_/);
    assert.match(String(followUp.threadKey), /^tk_/);
    assert.equal(followUp.messages.length, 3, 'the conversation so far, and the new question');
    assert.ok(
      !first.includes(String(followUp.threadId)) && !first.includes(String(followUp.threadKey)),
      'the handle is no thread id or key',
    );
    assert.match(
      await invoke('docsAssistant_ask', { question: 'q', conversation: 'docs-conversation-999' }),
      /^The input was not used: no conversation is called "docs-conversation-999"/,
    );
  });

  it('docsAssistant_searchDocs: the matching pages, as text, through the extension', async () => {
    const text = await invoke('docsAssistant_searchDocs', { query: 'agent jobs pull request' });
    assert.match(
      text,
      /^Results of a search of the "acme-docs" documentation for "agent jobs pull request", in the whole documentation \(no version, language or tag set\), asking for up to 10 follow, best first, between the lines/,
    );
    assert.match(text, /\nBEGIN RESULTS DOCS-\w+\n1\. title: "Watching agent jobs"\n {3}path: "guides\/agent-jobs"\n/);
    const [request] = suite.emulator.requestsFor('search');
    assert.equal(request?.headers.authorization, `Bearer ${suite.emulator.config.assistantKey}`);
    assert.deepEqual(request?.body, { query: 'agent jobs pull request', pageSize: 10 });
  });

  it('docsAssistant_readPage: the whole page, read once and then from the cache', async () => {
    const first = await invoke('docsAssistant_readPage', { path: 'guides/chat' });
    assert.match(
      first,
      /^The text of a page of the documentation site follows, between the lines "BEGIN PAGE (DOCS-\w+)" and "END PAGE \1"\./,
    );
    assert.match(first, /\nPage path: "guides\/chat"\nBEGIN PAGE DOCS-\w+\n# Chatting with the assistant\n/);
    const again = await invoke('docsAssistant_readPage', { path: 'guides/chat' });
    const withoutMarkers = (text: string) => text.replace(/DOCS-\w+/g, 'DOCS-marker');
    assert.equal(withoutMarkers(again), withoutMarkers(first));
    assert.notEqual(again, first, 'the markers are chosen afresh');
    assert.equal(suite.emulator.requestsFor('page').length, 1, 'the second read cost nothing');
    assert.match(
      await invoke('docsAssistant_readPage', { path: 'no/such/page' }),
      /^Docs Assistant could not read the page\. The reason: "Page not found: no\/such\/page\./,
    );
  });

  it('answers with a sentence a model can relay when a key is missing, never a stack trace', async () => {
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
    try {
      const text = await invoke('docsAssistant_searchDocs', { query: 'keys' });
      assert.match(text, /^Docs Assistant needs the assistant key; run Docs Assistant: Set Assistant Key\./);
      assert.equal(suite.emulator.requests.length, 0);
    } finally {
      await connectTo(suite.emulator);
    }
  });

  it('docsAssistant_readAgentJob: a tracked job, read now, with its branch and pull request; a job not tracked is said so (issue 47, item 3)', async () => {
    suite.emulator.jobs.add({ id: 'job-tool', outcome: 'completed', runsForMs: 0 });
    assert.equal(await vscode.commands.executeCommand('docsAssistant.trackAgentJob', 'job-tool'), true);
    try {
      const text = await invoke('docsAssistant_readAgentJob', { id: 'job-tool' });
      assert.match(text, /^Agent job "job-tool", as the platform last said it:\nstatus: "completed"\n/);
      assert.match(text, /\nbranch: "[^"]+"\n/);
      assert.match(text, /\npull request: "https:\/\/[^"]+"/);
      assert.match(
        await invoke('docsAssistant_readAgentJob', { id: 'job-elsewhere' }),
        /^No agent job "job-elsewhere" is tracked in this VS Code/,
      );
    } finally {
      await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-tool');
    }
  });

  it('the agent job tools say what is missing to the model, and give the user Set Admin Key (issue 47, item 3)', async () => {
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
    const surfaces = recordSurfaces();
    try {
      for (const [tool, input] of [
        ['docsAssistant_startAgentJob', { instruction: 'Document retries.' }],
        ['docsAssistant_readAgentJob', { id: 'job-1' }],
        ['docsAssistant_followUpAgentJob', { id: 'job-1', instruction: 'And the README.' }],
      ] as const) {
        assert.match(await invoke(tool, input), /^Docs Assistant needs the admin key; run Docs Assistant: Set Admin Key\./, tool);
      }
      const said = await until('the notification', () => surfaces.shown.find((shown) => /admin key/i.test(shown.text)));
      assert.deepEqual(said.actions, ['Set Admin Key']);
      assert.equal(suite.emulator.requests.length, 0, 'nothing was sent');
    } finally {
      surfaces.restore();
      await connectTo(suite.emulator);
    }
  });
});
