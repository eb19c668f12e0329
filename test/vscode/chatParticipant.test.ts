// @docs, as VS Code's Chat view calls it: its handler, given a request, the Chat view's history made
// of VS Code's own turn and part classes, and a stream that keeps the parts VS Code's own classes
// would carry. The Chat view itself sends nothing to a participant without a language model
// signed in, which an offline machine never has, so this is how the participant is tested; the
// activation registers it with VS Code's chat API (below).

import * as assert from 'node:assert/strict';
import { marked } from 'marked';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { chatParticipant, participantCommands } from '../../src/identifiers';
import { activateExtension, activeEditor, closeAllEditors, connectedSuite, connectTo } from './support';
import { until } from '../until';

/** What the Chat view's renderer (marked) makes a link or an image of, that is neither the web nor a page. */
function unsafeLinks(markdown: string): string[] {
  const html = marked.parse(markdown, { gfm: true, async: false });
  return [
    ...[...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)]
      .map(([, href]) => href)
      .filter((href) => !/^(https?:\/\/|docs-assistant:)/.test(href)),
    ...[...html.matchAll(/<img\b[^>]*>/g)].map(([image]) => image),
  ];
}

/** What the Chat view is given, part by part, as VS Code's own part classes. */
class RecordingStream implements vscode.ChatResponseStream {
  readonly parts: (
    | vscode.ChatResponseMarkdownPart
    | vscode.ChatResponseAnchorPart
    | vscode.ChatResponseProgressPart
    | vscode.ChatResponseReferencePart
    | vscode.ChatResponseCommandButtonPart
  )[] = [];

  markdown(value: string | vscode.MarkdownString): void {
    this.parts.push(new vscode.ChatResponseMarkdownPart(value));
  }
  anchor(value: vscode.Uri | vscode.Location, title?: string): void {
    this.parts.push(new vscode.ChatResponseAnchorPart(value, title));
  }
  button(command: vscode.Command): void {
    this.parts.push(new vscode.ChatResponseCommandButtonPart(command));
  }
  filetree(): void {
    throw new Error('@docs shows no file tree');
  }
  progress(value: string): void {
    this.parts.push(new vscode.ChatResponseProgressPart(value));
  }
  reference(value: vscode.Uri | vscode.Location): void {
    this.parts.push(new vscode.ChatResponseReferencePart(value));
  }
  push(part: vscode.ChatResponsePart): void {
    this.parts.push(part as RecordingStream['parts'][number]);
  }

  /** The response as the Chat view shows it: Markdown, with anchors as `[title](uri)`. */
  get shown(): string {
    return this.parts
      .map((part) => {
        if (part instanceof vscode.ChatResponseMarkdownPart) return part.value.value;
        if (part instanceof vscode.ChatResponseAnchorPart) {
          const uri =
            part.value instanceof vscode.Location ? part.value.uri.with({ fragment: `L${part.value.range.start.line + 1}` }) : part.value;
          return `[${part.title}](${uri.toString(true)})`;
        }
        return '';
      })
      .join('');
  }
  /** What a reader sees of it: Markdown's escapes taken out. */
  get read(): string {
    return this.shown.replace(/\\(.)/g, '$1');
  }
  get markdownParts(): vscode.MarkdownString[] {
    return this.parts.flatMap((part) => (part instanceof vscode.ChatResponseMarkdownPart ? [part.value] : []));
  }
  get progressTexts(): string[] {
    return this.parts.flatMap((part) => (part instanceof vscode.ChatResponseProgressPart ? [part.value] : []));
  }
  get references(): string[] {
    return this.parts.flatMap((part) => (part instanceof vscode.ChatResponseReferencePart ? [referenceText(part.value)] : []));
  }
  get anchors(): vscode.ChatResponseAnchorPart[] {
    return this.parts.flatMap((part) => (part instanceof vscode.ChatResponseAnchorPart ? [part] : []));
  }
}

function referenceText(value: unknown): string {
  if (value instanceof vscode.Location) return `${vscode.workspace.asRelativePath(value.uri)}:${value.range.start.line + 1}`;
  return String(value);
}

/** VS Code's own history classes, made as the Chat view makes them (their constructors are VS Code's). */
const RequestTurn = vscode.ChatRequestTurn as unknown as new (
  prompt: string,
  command: string | undefined,
  references: vscode.ChatPromptReference[],
  participant: string,
  toolReferences: vscode.ChatLanguageModelToolReference[],
) => vscode.ChatRequestTurn;
const ResponseTurn = vscode.ChatResponseTurn as unknown as new (
  response: vscode.ChatResponseTurn['response'],
  result: vscode.ChatResult,
  participant: string,
) => vscode.ChatResponseTurn;

interface Asked {
  readonly stream: RecordingStream;
  readonly result: vscode.ChatResult;
  readonly history: (vscode.ChatRequestTurn | vscode.ChatResponseTurn)[];
}

describe('@docs in VS Code’s Chat view', () => {
  const suite = connectedSuite({ closeEditors: true });
  let api: DocsAssistantApi;
  before(async () => (api = await activateExtension()));
  afterEach(closeAllEditors);

  const bodies = () => suite.emulator.requestsFor('assistant').map((request) => request.body as Record<string, unknown>);

  async function ask(
    prompt: string,
    options: {
      command?: string;
      references?: vscode.ChatPromptReference[];
      history?: Asked['history'];
      token?: vscode.CancellationToken;
      stream?: RecordingStream;
    } = {},
  ): Promise<Asked> {
    const stream = options.stream ?? new RecordingStream();
    const request = {
      prompt,
      command: options.command,
      references: options.references ?? [],
      toolReferences: [],
      toolInvocationToken: undefined,
      model: undefined,
    } as unknown as vscode.ChatRequest;
    const history = options.history ?? [];
    const result =
      (await api.askParticipant(request, { history }, stream, options.token ?? new vscode.CancellationTokenSource().token)) ?? {};
    // The turn, as the Chat view keeps it: only what renders (not progress or references) is history.
    const response = stream.parts.filter(
      (part) => part instanceof vscode.ChatResponseMarkdownPart || part instanceof vscode.ChatResponseAnchorPart,
    ) as vscode.ChatResponseTurn['response'][number][];
    return {
      stream,
      result,
      history: [
        ...history,
        new RequestTurn(prompt, options.command, [...(options.references ?? [])], chatParticipant, []),
        new ResponseTurn(response, result, chatParticipant),
      ],
    };
  }

  it('is registered with VS Code’s chat API, as package.json contributes it', () => {
    const manifest = vscode.extensions.getExtension('docs-assistant.docs-assistant')!.packageJSON as {
      contributes: { chatParticipants: { id: string; name: string; commands: { name: string }[] }[] };
    };
    const [contributed] = manifest.contributes.chatParticipants;
    assert.equal(contributed.id, chatParticipant);
    assert.equal(contributed.name, 'docs');
    assert.deepEqual(
      contributed.commands.map((command) => command.name),
      Object.values(participantCommands),
    );
  });

  it('answers from the platform with the selection as code context, its pages as references and anchors that open them', async () => {
    const document = await vscode.workspace.openTextDocument(
      vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src', 'sample.ts'),
    );
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 2, 1);
    const { stream, result } = await ask('How do I rotate keys?');
    const [body] = bodies();
    assert.deepEqual(body.context, [{ type: 'code', value: document.getText(editor.selection), path: 'src/sample.ts' }]);
    assert.deepEqual(
      (body.messages as { role: string; parts: { text: string }[] }[]).map((message) => [message.role, message.parts[0].text]),
      [['user', 'How do I rotate keys?']],
    );
    assert.equal(body.threadId, undefined, 'a new thread');
    assert.ok(
      stream.progressTexts.some((text) => /^Searching the documentation for ".+"…/.test(text)),
      stream.progressTexts.join('\n'),
    );
    assert.ok(stream.references.includes('src/sample.ts:1'), 'the selection sent is shown as a reference');
    assert.ok(
      stream.references.some((reference) => reference.startsWith('docs-assistant:/')),
      stream.references.join('\n'),
    );
    assert.match(stream.shown, /^Here is what the documentation says about \*\*How do I rotate keys\?\*\*\./);
    assert.match(stream.shown, /You shared code from `src\/sample\.ts` \(3 lines\)/);
    for (const markdown of stream.markdownParts) {
      assert.equal(markdown.isTrusted, false);
      assert.equal(markdown.supportHtml, false);
      assert.equal(markdown.supportThemeIcons, false);
    }
    // A page the answer links to is an anchor to the page document, which opens as the Chat view opens it.
    const anchor = stream.anchors.find((part) => part.value instanceof vscode.Uri && part.value.scheme === 'docs-assistant');
    assert.ok(anchor, stream.shown);
    await vscode.commands.executeCommand('vscode.open', anchor.value);
    const page = await activeEditor('the page', ({ document }) => document.uri.toString() === (anchor.value as vscode.Uri).toString());
    assert.match(page.document.getText(), /^#|^---/);
    assert.equal(typeof (result.metadata as { threadId?: string }).threadId, 'string', 'the thread is named for the next question');
  });

  it('goes on in the same thread, with its key and the conversation so far', async () => {
    const first = await ask('What is an assistant key?');
    const second = await ask('And where is it kept?', { history: first.history });
    const [, body] = bodies();
    assert.equal(body.threadId, (first.result.metadata as { threadId: string }).threadId);
    assert.equal(typeof body.threadKey, 'string', 'the key the platform gave when the thread was made');
    assert.deepEqual(
      (body.messages as { role: string }[]).map((message) => message.role),
      ['user', 'assistant', 'user'],
    );
    const [, answer] = body.messages as { parts: { text: string }[] }[];
    assert.match(answer.parts[0].text, /^Here is what the documentation says about \*\*What is an assistant key\?\*\*/);
    assert.ok(
      !JSON.stringify(second.result.metadata).includes(String(body.threadKey)),
      'the thread key is kept in secret storage, not in the chat',
    );
  });

  it('sends the files and locations a question refers to as code context, with their paths', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const retry = vscode.Uri.joinPath(folder, 'src', 'retry.ts');
    const sample = vscode.Uri.joinPath(folder, 'src', 'sample.ts');
    await ask('What do these do?', {
      references: [
        { id: 'vscode.file', value: retry, modelDescription: 'retry.ts' },
        { id: 'vscode.selection', value: new vscode.Location(sample, new vscode.Range(1, 0, 2, 0)) },
      ],
    });
    const retryText = (await vscode.workspace.openTextDocument(retry)).getText();
    const sampleLine = (await vscode.workspace.openTextDocument(sample)).lineAt(1).text;
    assert.deepEqual(bodies()[0].context, [
      { type: 'code', value: retryText, path: 'src/retry.ts' },
      { type: 'code', value: `${sampleLine}\n`, path: 'src/sample.ts' },
    ]);
  });

  it('/search lists the matching pages as anchors, their excerpts as text', async () => {
    const { stream } = await ask('agent jobs pull request', { command: 'search' });
    assert.match(stream.read, /^Pages that match "agent jobs pull request":\n/);
    assert.match(stream.read, /\n- \[Watching agent jobs\]\(docs-assistant:\/guides\/agent-jobs\.md\): A completed job/);
    assert.ok(
      stream.anchors.some((part) => part.title === 'Watching agent jobs' && (part.value as vscode.Uri).path === '/guides/agent-jobs.md'),
    );
    assert.equal(suite.emulator.requestsFor('search').length, 1);
  });

  it('/page shows a page’s headings, each opening the page there; with a question, asks about that page', async () => {
    const { stream } = await ask('guides/chat', { command: 'page' });
    assert.match(stream.read, /^The page guides\/chat, by its headings:\n/);
    const heading = stream.anchors.find((part) => part.value instanceof vscode.Location);
    assert.ok(heading, stream.shown);
    const location = heading.value as vscode.Location;
    await vscode.commands.executeCommand('vscode.open', location.uri, { selection: location.range });
    const page = await activeEditor('the page', ({ document }) => document.uri.toString() === location.uri.toString());
    // The title is Markdown: the Chat view writes it into the answer as a link's label.
    assert.equal(page.document.lineAt(location.range.start.line).text.replace(/^#+\s*/, ''), heading.title?.replace(/\\(.)/g, '$1'));

    await ask('guides/chat how do threads expire?', { command: 'page' });
    const [body] = bodies();
    assert.equal(body.currentPath, 'guides/chat');
    assert.equal((body.messages as { parts: { text: string }[] }[])[0].parts[0].text, 'how do threads expire?');
  });

  it('says what to set when it is not set up, with the button that sets it', async () => {
    await vscode.commands.executeCommand('docsAssistant.clearKeys');
    try {
      const { stream } = await ask('Anything?');
      assert.match(stream.read, /assistant key/i);
      const button = stream.parts.find((part) => part instanceof vscode.ChatResponseCommandButtonPart);
      assert.equal(button?.value.command, 'docsAssistant.setAssistantKey');
      assert.equal(bodies().length, 0);
    } finally {
      await connectTo(suite.emulator);
    }
  });

  it('says a rate limit it will not wait out as a sentence, and a stop as a stop', async () => {
    suite.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 3_600 }, { operation: 'assistant' });
    const limited = await ask('Anything?');
    assert.match(limited.result.errorDetails?.message ?? '', /rate limit/i);

    suite.emulator.config.deltaDelayMs = 30;
    const stopping = new vscode.CancellationTokenSource();
    const arriving = new RecordingStream();
    const asking = ask('How do I set up keys?', { token: stopping.token, stream: arriving });
    await until('part of the answer to arrive', () => arriving.shown !== '');
    stopping.cancel();
    const stopped = await asking;
    assert.equal(stopped.result.errorDetails, undefined, 'a stop is no error');
    assert.ok(stopped.stream.shown.length > 0, 'what arrived is kept');
    const kept = stopped.stream.shown;
    // The whole answer, unstopped: the stopped one ended before its end, and drew nothing after.
    const whole = await ask('How do I set up keys?');
    assert.ok(whole.stream.shown.length > kept.length, `stopped at ${kept.length} of ${whole.stream.shown.length} characters`);
    assert.equal(arriving.shown, kept, 'nothing more arrived once it stopped');
  });

  it('says a refused key as a sentence, with the button that sets it', async () => {
    suite.emulator.faults.add({ kind: 'status', status: 401, body: '{"message":"Invalid API key"}' }, { operation: 'assistant' });
    const { result, stream } = await ask('Anything?');
    assert.match(result.errorDetails?.message ?? '', /did not accept the assistant key/);
    const button = stream.parts.find((part) => part instanceof vscode.ChatResponseCommandButtonPart);
    assert.equal(button?.value.command, 'docsAssistant.setAssistantKey');
  });

  it('shows nothing an answer, a page title or a failure says as a command, a link of another scheme, HTML or an image', async () => {
    suite.emulator.config.answerOverride = [
      'Run [this](command:workbench.action.terminal.new) or <a href="command:x">that</a> ![beacon](https://evil.example/p.png) $(zap)',
      '<file:///etc/passwd> [x\\](file:///etc/passwd) \\[y](/guides/chat) [`](https://example.com)`[y](file:///z)`',
      '[r]: https://ok [x](file:///etc/passwd)',
      '',
    ].join('\n');
    const { stream } = await ask('Hostile?');
    assert.deepEqual(unsafeLinks(stream.shown), [], stream.shown);
    assert.ok(stream.anchors.length > 0 && stream.read.includes('file:///etc/passwd'), 'the words are all there, as text');
    for (const markdown of stream.markdownParts) assert.equal(markdown.isTrusted, false);

    // The Chat view shows a failure's message as Markdown, and the message quotes the server.
    suite.emulator.faults.add(
      { kind: 'status', status: 400, body: '{"message":"See [the fix](file:///etc/passwd) ![x](https://evil.example/p.png)"}' },
      { operation: 'assistant' },
    );
    const failed = await ask('Fail?');
    const message = failed.result.errorDetails?.message ?? '';
    assert.deepEqual(unsafeLinks(message), [], message);
    assert.match(message.replace(/\\(.)/g, '$1'), /See \[the fix\]\(file:\/\/\/etc\/passwd\)/);
  });
});
