// Reads a password without it ever being on the command line (where `ps` and shell history show
// it): a hidden prompt on a terminal, or the first line of standard input when piped.
import { stdin, stderr } from "node:process";

/** The first line of piped standard input (the line ending is not part of the password). */
export async function readPipedPassword(input: NodeJS.ReadableStream = stdin): Promise<string> {
  let text = "";
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

/** Asks on the terminal without echoing what is typed. */
export function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let typed = "";
    const done = (result: string | Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stderr.write("\n");
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done(typed);
        if (char === "\u0003") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    stdin.on("data", onData);
  });
}

/** The new password: asked twice on a terminal, read once from a pipe. */
export async function readNewPassword(): Promise<string> {
  if (!stdin.isTTY) return readPipedPassword();
  const first = await promptHidden("New password (at least 12 characters): ");
  const again = await promptHidden("Type it again: ");
  if (first !== again) throw new Error("The two passwords do not match. Nothing was changed.");
  return first;
}
