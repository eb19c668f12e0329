// The extension's identifiers in one place: command ids (users bind keys to them), context keys
// and tree items' context words (package.json's `when` clauses read them), view ids, tool names,
// the participant and its commands, the URI schemes of pages and of the connection report, status
// bar items, the settings' section, and the keys it stores state and secrets under. A test checks
// them against package.json (test/unit/manifest.test.ts).

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
  copyPageAsMarkdown: 'docsAssistant.copyPageAsMarkdown',
  openPageOnSite: 'docsAssistant.openPageOnSite',
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
  refreshReaderSignals: 'docsAssistant.refreshReaderSignals',
  chooseReaderSignalsPeriod: 'docsAssistant.chooseReaderSignalsPeriod',
  loadMoreReaderSignals: 'docsAssistant.loadMoreReaderSignals',
  openReaderSignal: 'docsAssistant.openReaderSignal',
  fixWithDocsAgent: 'docsAssistant.fixWithDocsAgent',
  previewOnSite: 'docsAssistant.previewOnSite',
  openPreview: 'docsAssistant.openPreview',
  showPreviewLog: 'docsAssistant.showPreviewLog',
} as const;

export type CommandId = (typeof commands)[keyof typeof commands];

export const contextKeys = {
  /** True while the chat streams an answer: Stop Answer shows. */
  answering: 'docsAssistant.answering',
  /** What the Agent Jobs view still needs (`baseUrl`, `projectId`, `adminKey`) or `ready`: its welcome content. */
  agentJobsNeeds: 'docsAssistant.agentJobsNeeds',
  /** What the assistant, pages and search still need (`baseUrl`, `domain`, `assistantKey`) or `ready`: the walkthrough's first step. */
  assistantNeeds: 'docsAssistant.assistantNeeds',
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
  readerSignals: 'docsAssistant.readerSignals',
} as const;

/** The language model tools, as package.json's `languageModelTools` names them. */
export const tools = {
  searchDocs: 'docsAssistant_searchDocs',
  readPage: 'docsAssistant_readPage',
  ask: 'docsAssistant_ask',
  startAgentJob: 'docsAssistant_startAgentJob',
  readAgentJob: 'docsAssistant_readAgentJob',
  followUpAgentJob: 'docsAssistant_followUpAgentJob',
  readReaderSignals: 'docsAssistant_readReaderSignals',
  previewBranch: 'docsAssistant_previewBranch',
} as const;

/** The provider of MCP server definitions (the documentation site's), as package.json's `mcpServerDefinitionProviders` names it. */
export const mcpServerProvider = 'docsAssistant.siteMcpServer';

/** The chat participant of VS Code's Chat view (`@docs`), as package.json's `chatParticipants` names it. */
export const chatParticipant = 'docsAssistant.docs';

/** Its commands (`@docs /search …`). */
export const participantCommands = {
  search: 'search',
  page: 'page',
} as const;

/** The scheme of documentation pages opened as documents, `docs-assistant:/<page path>.md`. */
export const pageScheme = 'docs-assistant';

/** The scheme of Check Connection's report, opened as a read-only document (`docs-assistant-report:…`). */
export const reportScheme = 'docs-assistant-report';

/** The scheme of text opened as a read-only document: a prompt to read before it is sent, a reader's conversation, a preview's log. */
export const textScheme = 'docs-assistant-text';

/** The language of those documents: plain text that wraps (package.json's configurationDefaults), so a long line is read whole. */
export const textLanguage = 'docs-assistant-text';

/** The section of VS Code's settings that holds ours: `docsAssistant.*`. Each setting is a row of settings/settingsModel.ts. */
export const settingsSection = 'docsAssistant';

/** The one setting read before the features load (VS Code asks for MCP servers early): its name in the section. */
export const mcpServerSetting = 'mcpServer.enabled';

/** Status bar items, by the ids VS Code lists them under (a user hides each by its id). */
export const statusBarItems = {
  /** The size of an agent job's prompt, beside its draft. */
  promptSize: 'docsAssistant.promptSize',
  /** What needs the user (a key, the network) or runs (agent jobs), while anything does. */
  status: 'docsAssistant.status',
} as const;

/** The walkthrough of a first run, as package.json's `walkthroughs` names it, and its steps. */
export const walkthrough = {
  id: 'gettingStarted',
  steps: ['connect', 'ask', 'page', 'agentJob'],
} as const;

/** Words of an Agent Jobs tree item's context value: package.json's `viewItem` clauses match them. */
export const jobItemContexts = {
  /** A job (not one of its detail rows). */
  job: 'agentJob',
  hasPullRequest: 'hasPullRequest',
  /** It names a plain branch in a repository: Review Changes and Check Out Branch apply. */
  hasBranch: 'hasBranch',
  /** Started here, and failed or archived: its prompt can be started again. */
  canStartAgain: 'canStartAgain',
  /** A job's pull request row. */
  pullRequestRow: 'agentJobPullRequest',
  /** Its branch has a preview deployment that succeeded: Open Preview applies. */
  previewReady: 'previewReady',
  /** Its branch's preview deployment failed: its log can be read. */
  previewFailed: 'previewFailed',
} as const;

/** Words of a Reader Signals tree item's context value: package.json's `viewItem` clauses match them. */
export const signalItemContexts = {
  /** One of the three groups, then its kind (`question`, `search`, `page`). */
  group: 'readerSignalGroup',
  /** A signal, then its kind: Fix with the Docs Agent applies. */
  signal: 'readerSignal',
  /** A reader's comment on a page. */
  comment: 'readerComment',
} as const;

/** Where state and secrets are kept: renaming one loses what users have stored under it. */
export const storageKeys = {
  /** Workspace state: the chat's conversation. */
  conversation: 'docsAssistant.conversation',
  /** Global state: Search Docs' last query. */
  lastSearch: 'docsAssistant.lastSearch',
  /** Global state: the days of readers' signals the Reader Signals view shows (7, 30 or 90). */
  readerSignalsPeriod: 'docsAssistant.readerSignalsPeriod',
  /** Global state: the tracked jobs of an origin and project, `<prefix><origin>|<projectId>`. */
  trackedJobsPrefix: 'docsAssistant.agentJobs:',
  /** Workspace state: the projects this workspace's settings chose that the user agreed to send prompts to. */
  confirmedWorkspaceProjects: 'docsAssistant.confirmedWorkspaceProjects',
  /** Secret storage: a key of a kind for an origin, `docsAssistant.<kind>@<origin>`. */
  apiKey: (kind: 'adminKey' | 'assistantKey', origin: string) => `docsAssistant.${kind}@${origin}`,
  /**
   * Secret storage: the key of a conversation's thread, `<prefix><origin>|<threadId>`. (Keys of
   * earlier versions, under `docsAssistant.threadKey@<threadId>`, are never read: such a thread
   * goes on in a new one, with the conversation so far.)
   */
  threadKeyPrefix: 'docsAssistant.threadKey:',
} as const;
