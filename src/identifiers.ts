// The extension's public identifiers in one place: command ids (users bind keys to them),
// context keys (package.json's `when` clauses read them), view ids, tool names and the page
// documents' URI scheme. A test checks them against package.json.

export const commands = {
  ask: 'docsAssistant.ask',
  askAboutSelection: 'docsAssistant.askAboutSelection',
  newConversation: 'docsAssistant.newConversation',
  stopAnswer: 'docsAssistant.stopAnswer',
  configure: 'docsAssistant.configure',
  setAdminKey: 'docsAssistant.setAdminKey',
  setAssistantKey: 'docsAssistant.setAssistantKey',
  clearKeys: 'docsAssistant.clearKeys',
  checkConnection: 'docsAssistant.checkConnection',
  openPage: 'docsAssistant.openPage',
  refreshPage: 'docsAssistant.refreshPage',
  showLog: 'docsAssistant.showLog',
  trackAgentJob: 'docsAssistant.trackAgentJob',
  untrackAgentJob: 'docsAssistant.untrackAgentJob',
  refreshAgentJobs: 'docsAssistant.refreshAgentJobs',
  openPullRequest: 'docsAssistant.openPullRequest',
  copyAgentJobId: 'docsAssistant.copyAgentJobId',
  startAgentJob: 'docsAssistant.startAgentJob',
  sendAgentJobFollowUp: 'docsAssistant.sendAgentJobFollowUp',
  searchDocs: 'docsAssistant.searchDocs',
  reviewAgentJobChanges: 'docsAssistant.reviewAgentJobChanges',
  checkOutAgentJobBranch: 'docsAssistant.checkOutAgentJobBranch',
  startAgentJobAgain: 'docsAssistant.startAgentJobAgain',
} as const;

export type CommandId = (typeof commands)[keyof typeof commands];

export const contextKeys = {
  /** True while the chat streams an answer: Stop Answer shows. */
  answering: 'docsAssistant.answering',
  /** What the Agent Jobs view still needs (`baseUrl`, `projectId`, `adminKey`) or `ready`: its welcome content. */
  agentJobsNeeds: 'docsAssistant.agentJobsNeeds',
  /** The base URL is set but not usable. */
  baseUrlInvalid: 'docsAssistant.baseUrlInvalid',
  /** The URIs of the untitled documents that hold agent job prompts: Start Agent Job shows on them. */
  jobPromptDrafts: 'docsAssistant.jobPromptDrafts',
  /** VS Code's Git extension is there (not in VS Code for the Web): Review Changes and Check Out Branch show. */
  gitAvailable: 'docsAssistant.gitAvailable',
  /** The active editor is the review of an agent job's changes: the job's commands show in its title. */
  activeReview: 'docsAssistant.activeReview',
} as const;

export const views = {
  container: 'docsAssistant',
  chat: 'docsAssistant.chat',
  agentJobs: 'docsAssistant.agentJobs',
} as const;

/** The language model tools, as package.json's `languageModelTools` names them. */
export const tools = {
  searchDocs: 'docsAssistant_searchDocs',
  readPage: 'docsAssistant_readPage',
} as const;

/** The scheme of documentation pages opened as documents, `docs-assistant:/<page path>.md`. */
export const pageScheme = 'docs-assistant';
