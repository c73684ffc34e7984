/** What Stripe's form encoding decodes to: strings, nested objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Decodes `a[b][0][c]=v` pairs (Stripe's wire format) into nested objects and arrays. */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = key.replace(/\]/g, "").split("[");
    let node: Record<string, FormValue> = root;
    segments.forEach((segment, i) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, FormValue>;
    });
  }
  return arrays(root) as FormObject;
}

function arrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const mapped = Object.fromEntries(keys.map((k) => [k, arrays(value[k])]));
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => mapped[k]);
  return mapped;
}
