import fs from "node:fs";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { skipWithout } from "../support/env.js";
import { useTestServer } from "../support/server.js";
import { createMember } from "../support/factories.js";

/** §5/§9 photo limit under concurrency: PGlite is single-user, so this runs on PostgreSQL only. */
describe.skipIf(skipWithout("postgres", "concurrent photo uploads against the limit"))(
  "photo uploads racing on PostgreSQL",
  () => {
    const t = useTestServer();

    it("6 concurrent uploads by a free member with no photos: exactly 3 are stored, the rest refused with PHOTO_LIMIT, files cleaned up", async () => {
      const m = await createMember(t.server.deps);
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c36" } })
        .png()
        .toBuffer();
      const filesBefore = fs.existsSync(t.server.deps.config.mediaDir)
        ? fs.readdirSync(t.server.deps.config.mediaDir).length
        : 0;
      const results = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const form = new FormData();
          form.append("photo", new Blob([new Uint8Array(image)], { type: "image/png" }), "me.png");
          const res = await fetch(`${t.server.url}/media/upload`, {
            method: "POST",
            body: form,
            headers: { cookie: `auth=${m.sessionToken}` },
          });
          return { status: res.status, body: (await res.json()) as { appCode?: string; photo?: { isMain: boolean } } };
        }),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      expect(results.filter((r) => r.status !== 201).map((r) => r.body.appCode)).toEqual(Array(3).fill("PHOTO_LIMIT"));
      expect(results.filter((r) => r.body.photo?.isMain)).toHaveLength(1);
      const rows = await t.server.deps.db.selectFrom("photos").selectAll().where("profile_id", "=", m.id).execute();
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.is_main)).toHaveLength(1);
      expect(fs.readdirSync(t.server.deps.config.mediaDir).length).toBe(filesBefore + 9);
    });
  },
);
