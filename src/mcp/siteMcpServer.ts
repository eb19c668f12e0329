// The documentation site's hosted MCP server, as VS Code is told of it: its address is the site's
// own with `/mcp` after it (`docsAssistant.siteUrl`, which the settings already hold to an https
// address, or http on this machine). Registered only while the user turns it on.

import type { DocsSettings } from '../settings/settingsModel';

/** The MCP server to register under these settings; undefined while it is off or the site's address is not set. */
export function siteMcpServer(settings: Pick<DocsSettings, 'siteUrl' | 'mcpServerEnabled'>): { readonly url: string } | undefined {
  if (!settings.mcpServerEnabled || settings.siteUrl === '') return undefined;
  return { url: `${settings.siteUrl.replace(/\/+$/, '')}/mcp` };
}
