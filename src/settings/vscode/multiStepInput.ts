// A sequence of input boxes with a Back button, answered as a whole or not at all.

import * as vscode from 'vscode';

export interface InputStep {
  readonly prompt: string;
  readonly placeholder?: string;
  readonly password?: boolean;
  /** The value shown when the step opens. */
  readonly value: (answers: readonly string[]) => string;
  /** A sentence saying what is wrong, or undefined when the value is acceptable. */
  readonly validate: (value: string, answers: readonly string[]) => string | undefined;
}

/** The answers, one per step, or undefined when the user cancelled at any point. */
export async function runSteps(title: string, steps: readonly InputStep[]): Promise<string[] | undefined> {
  const answers: string[] = [];
  for (let index = 0; index < steps.length;) {
    const answer = await ask(title, steps[index], index, steps.length, answers);
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      index = Math.max(0, index - 1);
      continue;
    }
    answers[index] = answer;
    index += 1;
  }
  return answers;
}

const BACK = Symbol('back');

function ask(
  title: string,
  step: InputStep,
  index: number,
  total: number,
  answers: readonly string[],
): Promise<string | typeof BACK | undefined> {
  const box = vscode.window.createInputBox();
  box.title = title;
  box.step = index + 1;
  box.totalSteps = total;
  box.prompt = step.prompt;
  box.placeholder = step.placeholder;
  box.password = step.password ?? false;
  box.value = answers[index] ?? step.value(answers);
  box.ignoreFocusOut = true;
  box.buttons = index > 0 ? [vscode.QuickInputButtons.Back] : [];
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: string | typeof BACK | undefined) => {
      if (settled) return;
      settled = true;
      for (const listener of listeners) listener.dispose();
      box.dispose();
      resolve(value);
    };
    const listeners = [
      box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(BACK)),
      box.onDidChangeValue((value) => (box.validationMessage = step.validate(value.trim(), answers))),
      box.onDidAccept(() => {
        const problem = step.validate(box.value.trim(), answers);
        if (problem) box.validationMessage = problem;
        else finish(box.value.trim());
      }),
      box.onDidHide(() => finish(undefined)),
    ];
    box.show();
  });
}
