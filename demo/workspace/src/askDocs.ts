// A small command-line client of a documentation assistant, to select and ask about.

export interface AskOptions {
  /** How many documentation pages to retrieve before answering, 1 to 50. */
  retrievalPageSize: number;
  /** Only pages of this version of the docs. */
  filter?: { version?: string; language?: string };
}

export const defaults: AskOptions = {
  retrievalPageSize: 5,
  filter: { version: 'v2' },
};

export async function ask(baseUrl: string, domain: string, assistantKey: string, question: string, options = defaults): Promise<string> {
  const response = await fetch(`${baseUrl}/discovery/v2/assistant/${domain}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${assistantKey}` },
    body: JSON.stringify({
      fp: 'anonymous',
      messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: question }] }],
      retrievalPageSize: options.retrievalPageSize,
      filter: options.filter,
    }),
  });
  if (!response.ok) throw new Error(`The assistant answered ${response.status}`);
  return response.text();
}
