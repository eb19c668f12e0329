// Runs the test index named by DOCS_ASSISTANT_TESTS inside the extension host, as
// `extensionTestsPath` does (the index exports `run(): Promise<void>`). Newer VS Code builds ignore
// a tests path in the workbench's URL, so the runner installs this extension into the profile
// instead. The suite prints to `<DOCS_ASSISTANT_TESTS_OUTPUT>.log` (test/runner/hostOutput.ts),
// and this writes its exit code to `<DOCS_ASSISTANT_TESTS_OUTPUT>.exit` at the end: the runner reads both.

const fs = require('node:fs');

exports.activate = () => {
  const index = process.env.DOCS_ASSISTANT_TESTS;
  const output = process.env.DOCS_ASSISTANT_TESTS_OUTPUT;
  if (!index || !output) return;
  const write = (line) => fs.appendFileSync(`${output}.log`, `${line}\n`);
  setTimeout(async () => {
    let code = 0;
    try {
      await require(index).run();
    } catch (error) {
      write(`[host error] ${error instanceof Error ? error.stack : String(error)}`);
      code = 1;
    }
    fs.writeFileSync(`${output}.exit`, String(code));
  }, 0);
};
