// The documentation site's hosted MCP server, as the emulator serves it at `/mcp`: Streamable HTTP,
// stateless, written with the official SDK (@modelcontextprotocol/sdk), with one tool, `search`,
// that answers from the emulator's pages. Enough for VS Code to list it, start it and call it.

import type * as http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';
import { excerpt } from './answer';
import type { DocsIndex } from './docsIndex';

export const MCP_PATH = '/mcp';

/** What the MCP server was asked, for the tests: each tool call's name and arguments. */
export interface McpCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
}

function mcpServerOf(docs: DocsIndex, calls: McpCall[]): McpServer {
  const server = new McpServer({ name: 'acme-docs', version: '1.0.0' });
  server.registerTool(
    'search',
    {
      description: 'Search the Acme documentation: the pages that match, each with its title, its address and an excerpt.',
      inputSchema: { query: z.string().describe('The words to search for') },
      // It only reads, as the hosted servers' search does: a client may run it without asking.
      annotations: { readOnlyHint: true },
    },
    ({ query }) => {
      calls.push({ tool: 'search', arguments: { query } });
      const pages = docs.matching(query).slice(0, 5);
      const text =
        pages.length === 0
          ? `No page matches "${query}".`
          : pages.map((page) => `${page.title} (/${page.path})\n${excerpt(page, query)}`).join('\n\n');
      return { content: [{ type: 'text', text }] };
    },
  );
  return server;
}

function rpcError(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(status === 405 ? { allow: 'POST' } : {}) });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Answers one request to `/mcp`: a POST is a JSON-RPC message; a stateless server offers no stream (GET) and no session (DELETE). */
export async function serveMcp(req: http.IncomingMessage, res: http.ServerResponse, docs: DocsIndex, calls: McpCall[]): Promise<void> {
  if (req.method !== 'POST') return rpcError(res, 405, 'Method not allowed.');
  // Stateless: a server and a transport for each request, as the SDK's own example does.
  const server = mcpServerOf(docs, calls);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res);
  } catch (error) {
    if (!res.headersSent) rpcError(res, 500, error instanceof Error ? error.message : String(error));
  }
}
