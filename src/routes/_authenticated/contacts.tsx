import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "../../features/contacts/ContactsPage";
import { AreaGuard } from "../../features/shell/AreaGuard";

/** /contacts: the pregnancy's participants, for parents and, read-only, for a guest with canViewContacts. */
export const Route = createFileRoute("/_authenticated/contacts")({
  component: () => (
    <AreaGuard area="contacts">
      <ContactsPage />
    </AreaGuard>
  ),
});
