import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "../../features/contacts/ContactsPage";
import { contactsReads } from "../../features/contacts/contactsReads";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { AreaGuard } from "../../features/shell/AreaGuard";

/** /contacts: the pregnancy's participants, for parents and, read-only, for a guest with canViewContacts. */
export const Route = createFileRoute("/_authenticated/contacts")({
  loader: screenLoader(contactsReads),
  component: () => (
    <AreaGuard area="contacts">
      <ContactsPage />
    </AreaGuard>
  ),
});
