import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "../../../features/contacts/ContactsPage";

/** /contacts: the pregnancy's participants, for parents (the _parent guard) in parent mode. */
export const Route = createFileRoute("/_authenticated/_parent/contacts")({
  component: ContactsPage,
});
