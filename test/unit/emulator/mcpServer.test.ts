// The documentation site's MCP server the emulator serves at /mcp (issue 47, item 5), as the SDK's
// own client, and so VS Code, meets it: it lists its search tool and answers from the emulator's pages.

import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PlatformEmulator } from '../../emulator/emulator';

describe("the emulator's MCP server", () => {
  let emulator: PlatformEmulator;
  before(async () => {
    emulator = await PlatformEmulator.start({ searchDelayMs: 0 });
  });
  after(() => emulator.close());

  it('lists its search tool and answers from the pages, stateless, over Streamable HTTP', async () => {
    const client = new Client({ name: 'docs-assistant-tests', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${emulator.url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['search'],
      );
      const answer = await client.callTool({ name: 'search', arguments: { query: 'agent jobs' } });
      const text = (answer.content as { type: string; text: string }[]).map((part) => part.text).join('');
      assert.match(text, /Watching agent jobs \(\/guides\/agent-jobs\)/);
      assert.deepEqual(emulator.mcpCalls, [{ tool: 'search', arguments: { query: 'agent jobs' } }]);
    } finally {
      await client.close();
    }
  });
});
