import { relations } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamps } from "./columns";
import { registrySuggestionStatusEnum } from "./enums";
import { pregnancies } from "./pregnancy";

/** Links to external registries: at most 10 preset retailers and 3 custom per pregnancy (checked in code). */
export const registries = pgTable(
  "registries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Preset retailer key or name; null/free text for custom registries. */
    retailer: text("retailer"),
    /** Always stored as https, max 2048. */
    url: text("url").notNull(),
    /** Max 500. */
    description: text("description"),
    isCustom: boolean("is_custom").notNull().default(false),
    isVisible: boolean("is_visible").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    // Set null: the registry belongs to the pregnancy and stays if its creator's account goes.
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("registries_pregnancy_order_idx").on(t.pregnancyId, t.displayOrder, t.createdAt)],
);

/** Guests with canSuggestRegistryItems propose items; parents accept or dismiss them. */
export const registrySuggestions = pgTable(
  "registry_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    suggestedBy: text("suggested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    link: text("link"),
    note: text("note"),
    status: registrySuggestionStatusEnum("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [index("registry_suggestions_pregnancy_created_idx").on(t.pregnancyId, t.createdAt)],
);

export const registriesRelations = relations(registries, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [registries.pregnancyId], references: [pregnancies.id] }),
  creator: one(users, { fields: [registries.createdBy], references: [users.id] }),
}));

export const registrySuggestionsRelations = relations(registrySuggestions, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [registrySuggestions.pregnancyId], references: [pregnancies.id] }),
  suggester: one(users, { fields: [registrySuggestions.suggestedBy], references: [users.id] }),
}));
