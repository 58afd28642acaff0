import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";

/**
 * The legacy API's OpenAPI 3.1 document (docs/legacy-api.openapi.yaml) and a validator of
 * answers against it: the response of (method, path, status) must be documented, and its
 * JSON body must match the documented schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 */
export const DOC_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../docs/legacy-api.openapi.yaml",
);

type Json = Record<string, any>;
export const doc: Json = parseYaml(fs.readFileSync(DOC_PATH, "utf8"));

const DOC_ID = "https://legacy-api.local/openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ ...doc, $id: DOC_ID });

/** The documented operations, as "METHOD /api/x.php". */
export function documentedOperations(): string[] {
  const ops: string[] = [];
  for (const [p, item] of Object.entries(doc.paths as Json)) {
    for (const m of ["get", "put", "post", "delete", "patch"]) if (item[m]) ops.push(`${m.toUpperCase()} ${p}`);
  }
  return ops;
}

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function resolveRef(obj: Json): { obj: Json; ptr: string[] | null } {
  if (obj && typeof obj.$ref === "string" && obj.$ref.startsWith("#/")) {
    const parts = obj.$ref
      .slice(2)
      .split("/")
      .map((p: string) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    let cur: any = doc;
    for (const p of parts) cur = cur?.[p];
    return { obj: cur, ptr: parts };
  }
  return { obj, ptr: null };
}

/** Every (operation, status) a test saw, for the coverage check. */
export const seen = new Set<string>();

/**
 * Check an answer against the document.
 * @throws an Error naming the operation, the status and the schema errors.
 */
export function assertDocumented(
  method: string,
  urlPath: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  const op = `${method.toUpperCase()} ${urlPath}`;
  const item = doc.paths?.[urlPath];
  const operation = item?.[method.toLowerCase()];
  if (!operation) throw new Error(`${op} is not in the OpenAPI document`);
  const responses = operation.responses as Json;
  const raw = responses[String(status)];
  if (!raw)
    throw new Error(
      `${op} answered ${status}, which the OpenAPI document does not list (body: ${JSON.stringify(body)})`,
    );
  seen.add(`${op} ${status}`);
  const { obj: response, ptr } = resolveRef(raw);
  const content = response.content as Json | undefined;
  if (!content) {
    if (body !== null && body !== undefined && body !== "")
      throw new Error(`${op} ${status} is documented without a body but sent ${JSON.stringify(body)}`);
    return;
  }
  const json = content["application/json"];
  if (!json) throw new Error(`${op} ${status}: no application/json content documented`);
  if (!contentType?.startsWith("application/json"))
    throw new Error(`${op} ${status}: content-type ${contentType}, documented application/json`);
  const base = ptr ?? ["paths", urlPath, method.toLowerCase(), "responses", String(status)];
  const schemaRef = `${DOC_ID}#/${pointer([...base, "content", "application/json", "schema"])}`;
  const validate = ajv.getSchema(schemaRef);
  if (!validate) throw new Error(`no schema at ${schemaRef}`);
  if (!validate(body)) {
    throw new Error(
      `${op} ${status} does not match the OpenAPI document:\n${ajv.errorsText(validate.errors, { separator: "\n" })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}
