import { describe, expect, it } from "vitest";
import {
  isPresetRetailer,
  limitMessage,
  moveItem,
  normalizeRegistryUrl,
  PRESET_RETAILER_KEYS,
  PRESET_RETAILERS,
  REGISTRY_ERROR_MESSAGES,
  REGISTRY_MESSAGES,
  registryCounts,
  registryDescription,
  registryLimitError,
  retailerName,
  truncateRegistryDescription,
} from "../../src/domain/registry";

describe("normalizeRegistryUrl", () => {
  it("forces https and trims", () => {
    expect(normalizeRegistryUrl("  https://www.amazon.com/baby-reg/abc  ")).toEqual({ ok: true, value: "https://www.amazon.com/baby-reg/abc" });
    expect(normalizeRegistryUrl("http://target.com/gift")).toEqual({ ok: true, value: "https://target.com/gift" });
    expect(normalizeRegistryUrl("HTTP://Target.com")).toEqual({ ok: true, value: "https://Target.com" });
    expect(normalizeRegistryUrl("babylist.com/list/x")).toEqual({ ok: true, value: "https://babylist.com/list/x" });
  });

  it("refuses empty and non-URL input", () => {
    for (const input of ["", "   ", "https://", "http:// x", "/relative", "-start.com", "https://-", "//host.com"]) {
      expect(normalizeRegistryUrl(input), input).toEqual({ ok: false, error: "invalid_url" });
    }
  });

  it("refuses other schemes, which also start with a word character, but keeps ports", () => {
    for (const input of ["ftp://x", "FTP://files.example.com/list", "file:///etc/passwd", "https://ftp://x", "sftp:/x"]) {
      expect(normalizeRegistryUrl(input), input).toEqual({ ok: false, error: "invalid_url" });
    }
    expect(normalizeRegistryUrl("shop.example.com:8080/list")).toEqual({ ok: true, value: "https://shop.example.com:8080/list" });
    expect(normalizeRegistryUrl("http://word")).toEqual({ ok: true, value: "https://word" });
  });

  it("refuses script and data URLs", () => {
    for (const input of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<script>", "vbscript:x"]) {
      expect(normalizeRegistryUrl(input), input).toEqual({ ok: false, error: "invalid_url" });
    }
  });

  it("keeps the stored URL at most 2048 characters", () => {
    const path = (length: number) => "a".repeat(length);
    const base = "https://shop.com/";
    expect(normalizeRegistryUrl(base + path(2048 - base.length))).toMatchObject({ ok: true });
    expect(normalizeRegistryUrl(base + path(2049 - base.length))).toEqual({ ok: false, error: "invalid_url" });
    // Without a scheme the added 'https://' counts.
    expect(normalizeRegistryUrl("shop.com/" + path(2048 - "shop.com/".length))).toEqual({ ok: false, error: "invalid_url" });
  });
});

describe("registry rules", () => {
  it("trims and cuts descriptions at 500 characters", () => {
    expect(truncateRegistryDescription("  Our list  ")).toBe("Our list");
    expect(truncateRegistryDescription("d".repeat(500))).toHaveLength(500);
    expect(truncateRegistryDescription("d".repeat(501))).toBe("d".repeat(500));
  });

  it("allows 10 preset and 3 custom registries", () => {
    expect(registryLimitError({ presets: 9, custom: 3 }, false)).toBeNull();
    expect(registryLimitError({ presets: 10, custom: 0 }, false)).toBe("limit_exceeded_presets");
    expect(registryLimitError({ presets: 10, custom: 2 }, true)).toBeNull();
    expect(registryLimitError({ presets: 0, custom: 3 }, true)).toBe("limit_exceeded_custom");
  });

  it("uses the spec's texts", () => {
    expect(REGISTRY_ERROR_MESSAGES).toEqual({
      limit_exceeded_presets: "Limit reached: only 10 preset retailers allowed.",
      limit_exceeded_custom: "Limit reached: only 3 custom registries allowed.",
      invalid_url: "Invalid URL. Use https and keep it under 2048 characters.",
      not_authorized: "Not authorized to manage this pregnancy.",
      not_found: "Registry not found.",
      invalid_registry_id: "Reorder failed: an item was out of scope.",
    });
    expect(REGISTRY_MESSAGES.invalidUrl).toBe("Please enter a valid https URL.");
    expect(REGISTRY_MESSAGES.presetLimit).toBe("You can add up to 10 preset retailers.");
    expect(REGISTRY_MESSAGES.customLimit).toBe("You can add up to 3 custom registries.");
    expect(REGISTRY_MESSAGES.loginRequired("reorder")).toBe("You must be logged in to reorder registries");
    expect(REGISTRY_MESSAGES.actionFailed("remove")).toBe("Failed to remove registry");
    expect(REGISTRY_MESSAGES.loadFailed).toBe("Failed to load registries");
  });
});

describe("preset retailers", () => {
  it("lists a dozen retailers, each with a site the URL rule accepts as it is", () => {
    expect(PRESET_RETAILER_KEYS.length).toBeGreaterThanOrEqual(12);
    for (const key of PRESET_RETAILER_KEYS) {
      const { name, site } = PRESET_RETAILERS[key];
      expect(name.length, key).toBeGreaterThan(0);
      expect(normalizeRegistryUrl(site), key).toEqual({ ok: true, value: site });
    }
    expect(PRESET_RETAILERS["crate-and-kids"].name).toBe("Crate & Kids");
  });

  it("names a preset by its retailer and keeps any other text as stored", () => {
    expect(isPresetRetailer("kohls")).toBe(true);
    expect(isPresetRetailer("toString")).toBe(false);
    expect(isPresetRetailer(null)).toBe(false);
    expect(retailerName("kohls")).toBe("Kohl's");
    expect(retailerName("Corner Shop")).toBe("Corner Shop");
    expect(retailerName(null)).toBeNull();
  });
});

describe("registry descriptions and lists", () => {
  it("keeps descriptions as typed (trimmed) and cuts them at 500 without '...'", () => {
    expect(registryDescription(" Nursery things & more, size<3m ")).toBe("Nursery things & more, size<3m");
    expect(registryDescription(" " + "é".repeat(600))).toBe("é".repeat(500));
    expect(registryDescription("&lt;".repeat(600))).toBe("&lt;".repeat(125));
  });

  it("counts presets and custom registries apart", () => {
    expect(registryCounts([{ isCustom: false }, { isCustom: true }, { isCustom: false }])).toEqual({ presets: 2, custom: 1 });
    expect(registryCounts([])).toEqual({ presets: 0, custom: 0 });
  });

  it("gives the client's text for a reached limit", () => {
    expect(limitMessage("limit_exceeded_presets")).toBe("You can add up to 10 preset retailers.");
    expect(limitMessage("limit_exceeded_custom")).toBe("You can add up to 3 custom registries.");
  });

  it("moves one item and keeps the others in order", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 0, 99)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });
});
