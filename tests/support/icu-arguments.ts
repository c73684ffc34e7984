/**
 * The argument names an ICU message uses, in the order written: `{name}`, `{count, plural, ...}`
 * and those inside select and plural branches. A branch's own text is text: in
 * `{channel, select, email {email} other {SMS}}` only `channel` is an argument. Quoted braces
 * (`'{date}'`) are text too.
 */
export function icuArguments(message: string): string[] {
  const found: string[] = [];
  let i = 0;

  const expect = (pattern: RegExp): RegExpExecArray => {
    const match = pattern.exec(message.slice(i));
    if (!match) throw new Error(`Not an ICU message at ${i}: ${message}`);
    i += match[0].length;
    return match;
  };

  /** Text up to the brace that closes it (or the end); `#` is quotable inside a plural. */
  function text(inPlural: boolean): void {
    while (i < message.length) {
      const char = message[i];
      if (char === "'") {
        const next = message[i + 1];
        if (next === "'") i += 2;
        else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          const end = message.indexOf("'", i + 1);
          i = end === -1 ? message.length : end + 1;
        } else i += 1;
      } else if (char === "}") return;
      else if (char === "{") {
        i += 1;
        argument();
      } else i += 1;
    }
  }

  function argument(): void {
    const [, name, after] = expect(/^\s*(\w+)\s*([,}])/);
    found.push(name);
    if (after === "}") return;
    const [, type, afterType] = expect(/^\s*(\w+)\s*([,}])/);
    if (afterType === "}") return;
    if (type === "select" || type === "plural" || type === "selectordinal") {
      expect(/^\s*(?:offset:\d+\s+)?/);
      // Each branch: a selector (`one`, `=0`, `email`) and its text in braces.
      while (/^\s*[^\s{}]+\s*\{/.test(message.slice(i))) {
        expect(/^\s*[^\s{}]+\s*\{/);
        text(type !== "select");
        expect(/^\}/);
      }
      expect(/^\s*\}/);
      return;
    }
    // A number, date or time style: up to the brace that closes the argument.
    for (let depth = 1; i < message.length && depth > 0; i += 1) {
      if (message[i] === "{") depth += 1;
      else if (message[i] === "}") depth -= 1;
    }
  }

  text(false);
  return found;
}
