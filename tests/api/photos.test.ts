import { beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/client";
import { baseUrl, signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1 } from "../support/images";

let pregnancyId: string;

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

describe("photo bytes in R2 behind the pregnancy check", () => {
  it("stores a photo and serves the same bytes to the family, privately cached", async () => {
    const olivia = await signedInAs("olivia");
    // Declared as text: the server goes by the content, not the declared type.
    const upload = await olivia.fetch(`/api/photos/${pregnancyId}/files`, { method: "POST", headers: { "content-type": "text/plain" }, body: PNG_1X1 });
    expect(upload.status).toBe(201);
    const { path, url } = (await upload.json()) as { path: string; url: string };
    expect(path).toMatch(new RegExp(`^pregnancies/${pregnancyId}/photos/[0-9a-f-]{36}\\.png$`));

    const grandma = await signedInAs("grandma");
    const read = await grandma.fetch(url);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("image/png");
    expect(read.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG_1X1);

    const { owner } = await createOtherFamily();
    expect((await owner.fetch(url)).status).toBe(403);
    expect((await new ApiClient(baseUrl()).fetch(url)).status).toBe(401);
  });

  it("refuses a file that is not an image whatever it claims to be", async () => {
    const olivia = await signedInAs("olivia");
    const upload = await olivia.fetch(`/api/photos/${pregnancyId}/files`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: new TextEncoder().encode("<script>alert(1)</script>"),
    });
    expect(upload.status).toBe(415);
  });

  it("refuses uploads into another family's pregnancy", async () => {
    const { owner } = await createOtherFamily();
    const upload = await owner.fetch(`/api/photos/${pregnancyId}/files`, { method: "POST", body: PNG_1X1 });
    expect(upload.status).toBe(403);
  });
});
