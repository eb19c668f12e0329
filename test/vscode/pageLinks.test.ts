// Pages as the site shows them, inside VS Code: the Markdown preview's engine applies the
// components' plugin to a page; a link in a page's editor opens the page it names, at its heading;
// a page copies as Markdown and opens on the site; links from a site into VS Code do what they say.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAssistantApi } from '../../src/vscode/extension';
import { activateExtension, answeringModals, connectedSuite, recordSurfaces, setUserSetting, settle } from './support';
import { until } from '../until';

describe('pages as the site shows them', () => {
  const suite = connectedSuite({ closeEditors: true });

  const open = async (path: string) => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('docsAssistant.openPage', path);
    assert.ok(uri, `${path} opened`);
    return vscode.workspace.openTextDocument(uri);
  };

  it("renders a page's components through VS Code's own Markdown engine (markdown.api.render)", async () => {
    const page = await open('reference/components');
    const html = await vscode.commands.executeCommand<string>('markdown.api.render', page);
    assert.match(html, /<h1>Page components<\/h1>/);
    assert.match(html, /class="mdx-callout mdx-note"/);
    assert.match(html, /<ol class="mdx-steps">/);
    assert.match(html, /<details class="mdx-accordion" open>/);
    assert.match(html, /<a href="\.\.\/guides\/chat\.md" data-href="\.\.\/guides\/chat\.md">Chatting with the assistant<\/a>/);
    assert.ok(!/<\/?(Card|Steps|Note|Unknown)\b/.test(html), 'no raw component tag');
    assert.ok(!html.includes('command:'), 'no command link');
    // A Markdown file of the workspace is not a page: its text is left as markdown-it shows it.
    const other = await vscode.commands.executeCommand<string>('markdown.api.render', '<Note>Not a page.</Note>\n');
    assert.ok(!other.includes('mdx-callout'), other);
  });

  it("links in a page's editor: a page link opens that page at its heading, a web link goes to the browser, a command is no link", async () => {
    const page = await open('reference/components');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', page.uri);
    // A page link runs Open Page with the page (as VS Code's opener reads a command link's arguments).
    const targetOf = (target: vscode.Uri | undefined) =>
      target?.scheme === 'command' ? `${target.path} ${decodeURIComponent(target.query)}` : (target?.toString() ?? '');
    const targets = links.map((link) => ({ text: page.getText(link.range), target: targetOf(link.target) }));
    const named = (text: string) => targets.find((link) => link.text === text);
    assert.match(named('/guides/chat')?.target ?? '', /^docsAssistant\.openPage \[\{"page":"guides\/chat"\}\]$/);
    assert.match(
      named('../configuration/keys#where-keys-are-stored')?.target ?? '',
      /^docsAssistant\.openPage \[\{"page":"configuration\/keys","anchor":"where-keys-are-stored"\}\]$/,
    );
    assert.equal(named('https://example.com')?.target, 'https://example.com/');
    // Ours never makes `command:workbench.action.quit` a link; VS Code's own Markdown features link
    // it in any Markdown editor (noted on issue 30), so what is checked is that no page link leads there.
    assert.ok(!targets.some((link) => link.target.startsWith('docsAssistant.openPage') && link.text.startsWith('command:')));

    // Followed as a click would: the command the link names, with its argument.
    const link = links.find((candidate) => page.getText(candidate.range) === '../configuration/keys#where-keys-are-stored')!;
    const [argument] = JSON.parse(decodeURIComponent(link.target!.query)) as unknown[];
    await vscode.commands.executeCommand(link.target!.path, argument);
    const editor = await until('the linked page', () =>
      vscode.window.activeTextEditor?.document.uri.path === '/configuration/keys.md' ? vscode.window.activeTextEditor : undefined,
    );
    assert.equal(editor.document.lineAt(editor.selection.active.line).text, '## Where keys are stored', 'at the heading the anchor names');
  });

  it('copies a page as Markdown, and opens it on the site once the site is set', async () => {
    const page = await open('guides/chat');
    assert.equal(await vscode.commands.executeCommand('docsAssistant.copyPageAsMarkdown', page.uri), true);
    assert.equal(await vscode.env.clipboard.readText(), page.getText());

    const surfaces = recordSurfaces();
    try {
      assert.equal(await vscode.commands.executeCommand('docsAssistant.openPageOnSite', page.uri), false);
      await until('what to set, said without a site address', () =>
        surfaces.shown.some((shown) => /Set docsAssistant\.siteUrl/.test(shown.text)),
      );
      await setUserSetting('siteUrl', 'javascript:alert(1)');
      assert.equal(await vscode.commands.executeCommand('docsAssistant.openPageOnSite', page.uri), false, 'not an https address: not used');
    } finally {
      surfaces.restore();
      await setUserSetting('siteUrl', undefined);
    }
  });

  describe('links from a documentation site into VS Code', () => {
    // As the URI handler gets it: code-server in a browser cannot be sent a vscode:// link by a test.
    let api: DocsAssistantApi;
    before(async () => (api = await activateExtension()));
    const follow = (path: string) => api.followLink(`${vscode.env.uriScheme}://docs-assistant.docs-assistant${path}`);

    it('/open opens the page, at its heading', async () => {
      await follow('/open?page=configuration%2Fkeys%23no-keyring-on-linux');
      const editor = await until('the page', () =>
        vscode.window.activeTextEditor?.document.uri.path === '/configuration/keys.md' ? vscode.window.activeTextEditor : undefined,
      );
      await until('the heading', () => editor.document.lineAt(editor.selection.active.line).text === '## No keyring on Linux');
    });

    it("/ask fills the chat's box (the view's part is test/browser/chatComposer), sending nothing", async () => {
      assert.equal(await follow('/ask?q=How%20do%20I%20rotate%20keys%3F'), true);
      // Followed: the box is filled. A question not sent leaves nothing to wait for, hence a time.
      await settle(300);
      assert.equal(suite.emulator.requestsFor('assistant').length, 0, 'nothing is asked');
    });

    it('/track asks first, and tracks the job only once the user agrees', async () => {
      suite.emulator.jobs.add({ id: 'job-from-link', outcome: 'staysActive' });
      const { asked } = await answeringModals(/^A link asks Docs Assistant to track the agent job/, undefined, async () => {
        assert.equal(await follow('/track?job=job-from-link'), false);
        // Refused, the link followed to its end: a job not tracked leaves nothing to wait for, hence a time.
        await settle(500);
      });
      assert.equal(asked.length, 1);
      assert.match(asked[0], /the agent job "job-from-link"\. Track it\?$/);
      assert.equal(suite.emulator.requestsFor('agentJob').length, 0, 'refused: nothing tracked');
      await answeringModals(/^A link asks Docs Assistant to track the agent job/, 'Track Job', async () => {
        await follow('/track?job=job-from-link');
        await until('the job read', () => suite.emulator.requestsFor('agentJob').length > 0);
      });
      await vscode.commands.executeCommand('docsAssistant.untrackAgentJob', 'job-from-link');
    });

    it('says why it cannot follow an unknown path or a bad parameter, as text', async () => {
      const surfaces = recordSurfaces();
      try {
        await follow('/run?command=workbench.action.quit');
        await follow('/track?job=a%20b');
        await follow('/ask?q=');
        await until('three refusals', () => surfaces.shown.filter((shown) => shown.surface === 'showErrorMessage').length >= 3);
        const said = surfaces.shown.filter((shown) => shown.surface === 'showErrorMessage').map((shown) => shown.text);
        assert.ok(
          said.some((text) => /cannot follow the link "\/run"\. Docs Assistant follows links to \/ask, \/open, \/track only\./.test(text)),
          said.join(' | '),
        );
        assert.ok(
          said.some((text) => /cannot follow the link "\/track"\. A job id has no spaces or line breaks\./.test(text)),
          said.join(' | '),
        );
        assert.ok(
          said.some((text) => /cannot follow the link "\/ask"\. The link has no question/.test(text)),
          said.join(' | '),
        );
      } finally {
        surfaces.restore();
      }
    });
  });
});
