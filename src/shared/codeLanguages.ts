// The languages a code fence may name when an answer is shown in VS Code's Chat view: what
// highlight.js knows, names and aliases, lower-cased. An allow-list, not a deny-list, because VS
// Code gives some fence languages a meaning beyond code (`vscode-local-file` shows a local file in
// 1.99; `vscode-extensions` draws Marketplace cards with Install buttons in 1.139; `mermaid` a
// diagram in a webview), and any installed extension may claim more through the Chat view's output
// renderers: a list of what is only code is the one that cannot fall behind. A fence of another
// language keeps its code, without a language (its unit test checks the list against highlight.js
// and against the names VS Code claims).

// prettier-ignore
const LANGUAGES: ReadonlySet<string> = new Set([
  '1c', 'abnf', 'accesslog', 'actionscript', 'ada', 'ado', 'adoc', 'ahk', 'angelscript', 'apache', 'apacheconf',
  'applescript', 'arcade', 'arduino', 'arm', 'armasm', 'as', 'asc', 'asciidoc', 'aspectj', 'atom', 'autohotkey',
  'autoit', 'avrasm', 'awk', 'axapta', 'bash', 'basic', 'bat', 'batch', 'bf', 'bind', 'bnf', 'brainfuck', 'c', 'c#',
  'c++', 'cal', 'capnp', 'capnproto', 'cc', 'ceylon', 'cjs', 'clean', 'clj', 'clojure', 'clojure-repl', 'cls',
  'cmake', 'cmake.in', 'cmd', 'coffee', 'coffeescript', 'console', 'coq', 'cos', 'cpp', 'cr', 'craftcms', 'crm',
  'crmsh', 'crystal', 'cs', 'csharp', 'cson', 'csp', 'css', 'cts', 'cxx', 'd', 'dart', 'dcl', 'delphi', 'desktop',
  'dfm', 'diff', 'django', 'dns', 'do', 'docker', 'dockerfile', 'dos', 'dpr', 'dsconfig', 'dst', 'dts', 'dust',
  'ebnf', 'edn', 'elixir', 'elm', 'erb', 'erl', 'erlang', 'erlang-repl', 'ex', 'excel', 'exs', 'f#', 'f90', 'f95',
  'feature', 'fix', 'flix', 'fortran', 'freedesktop', 'fs', 'fsharp', 'gams', 'gauss', 'gcode', 'gemspec', 'gherkin',
  'glsl', 'gml', 'gms', 'go', 'golang', 'golo', 'gql', 'gradle', 'graph', 'graphql', 'groovy', 'gss', 'gyp', 'h',
  'h++', 'haml', 'handlebars', 'haskell', 'haxe', 'hbs', 'hh', 'hpp', 'hs', 'hsp', 'html', 'html.handlebars',
  'html.hbs', 'htmlbars', 'http', 'https', 'hx', 'hxx', 'hy', 'hylang', 'i7', 'iced', 'icl', 'inform7', 'ini', 'ino',
  'instances', 'ipython', 'irb', 'irpf90', 'isbl', 'java', 'javascript', 'jboss-cli', 'jinja', 'jldoctest', 'js',
  'json', 'json5', 'jsonc', 'jsp', 'jsx', 'julia', 'julia-repl', 'k', 'kdb', 'kotlin', 'kt', 'ktm', 'kts', 'ktx',
  'lasso', 'lassoscript', 'latex', 'ldif', 'leaf', 'less', 'lisp', 'livecodeserver', 'livescript', 'llvm', 'ls',
  'lsl', 'lua', 'm', 'mak', 'make', 'makefile', 'markdown', 'mathematica', 'matlab', 'maxima', 'md', 'mel',
  'mercury', 'mikrotik', 'mips', 'mipsasm', 'mizar', 'mjs', 'mk', 'mkd', 'mkdown', 'ml', 'mm', 'mma', 'mojolicious',
  'monkey', 'moo', 'moon', 'moonscript', 'mts', 'n1ql', 'nc', 'nestedtext', 'nginx', 'nginxconf', 'nim', 'nix',
  'nixos', 'node-repl', 'nsis', 'nt', 'obj-c', 'obj-c++', 'objc', 'objective-c++', 'objectivec', 'ocaml', 'openscad',
  'osascript', 'oxygene', 'p21', 'parser3', 'pas', 'pascal', 'patch', 'pb', 'pbi', 'pcmk', 'pde', 'perl', 'pf',
  'pf.conf', 'pgsql', 'php', 'php-template', 'pl', 'plaintext', 'plist', 'pluto', 'pm', 'podspec', 'pony',
  'postgres', 'postgresql', 'powershell', 'pp', 'processing', 'profile', 'prolog', 'properties', 'proto', 'protobuf',
  'ps', 'ps1', 'puppet', 'purebasic', 'pwsh', 'py', 'pycon', 'python', 'python-repl', 'q', 'qml', 'qt', 'r', 'rb',
  're', 'reasonml', 'rib', 'roboconf', 'routeros', 'rs', 'rsl', 'rss', 'ruby', 'ruleslanguage', 'rust', 'sas',
  'scad', 'scala', 'scheme', 'sci', 'scilab', 'scm', 'scss', 'sh', 'shell', 'shellsession', 'smali', 'smalltalk',
  'sml', 'sqf', 'sql', 'st', 'stan', 'stanfuncs', 'stata', 'step', 'step21', 'stp', 'styl', 'stylus', 'subunit',
  'sv', 'svg', 'svh', 'swift', 'systemd', 'taggerscript', 'tao', 'tap', 'tcl', 'tex', 'text', 'thor', 'thrift', 'tk',
  'toml', 'tp', 'ts', 'tsx', 'twig', 'txt', 'typescript', 'v', 'vala', 'vb', 'vbnet', 'vbs', 'vbscript',
  'vbscript-html', 'verilog', 'vhdl', 'vim', 'wasm', 'wildfly-cli', 'wl', 'wren', 'wsf', 'x++', 'x86asm', 'xhtml',
  'xjb', 'xl', 'xls', 'xlsx', 'xml', 'xpath', 'xq', 'xqm', 'xquery', 'xsd', 'xsl', 'yaml', 'yml', 'zep', 'zephir',
  'zone', 'zsh',
]);

/** The language to write for a fence whose info string is `info`: its first word, if it is only code; else nothing. */
export function codeLanguage(info: string): string {
  const language = info.trim().split(/\s/)[0].toLowerCase();
  return LANGUAGES.has(language) ? language : '';
}

/** Every language a fence may name. */
export function codeLanguages(): readonly string[] {
  return [...LANGUAGES];
}
